import { defineResource, menuAccess, standardCalls } from '../resource';

/** Recipients one message may have: each gets a row of blade_message, written in the save's transaction. */
export const MAX_RECIPIENTS = 500;

/**
 * Messages a staff member writes to chosen users of the tenant (e.g. 合同HT-001已签订，请安排检验). Saving delivers the
 * message at once: every recipient gets it in the top bar's notices (blade_message, `category` 1 mail, 2 message,
 * 3 notice: the popover's tabs). The list and the detail are the caller's own sent messages; only the sender edits or
 * deletes one. An edit rewrites the delivered copies and is refused once any recipient has read the message (what a
 * recipient read is what the message says); a delete withdraws the copies nobody has read yet. See
 * blade/modules/business/teams-messages.md.
 */
export const bizMessageResource = defineResource({
  key: 'business.message',
  table: 'business_message',
  ownership: 'tenant',
  defaultOrder: [{ column: 'id', direction: 'desc' }],
  fields: {
    title: {
      kind: 'text',
      // `business.message.title` names the resource (the screen's title), as in every definition.
      label: 'business.message.messageTitle',
      max: 100,
      required: 'business.message.titleRequired',
      search: 'like',
      sort: true,
    },
    content: { kind: 'textarea', max: 2000, required: 'business.message.contentRequired', list: false },
    category: { kind: 'int', dict: 'message_category', default: 2, search: 'eq', sort: true },
    recipientIds: { kind: 'ids', required: 'business.message.recipientsRequired', list: false },
    sender: { kind: 'text', max: 64, form: false },
  },
  calls: standardCalls('/business-service/message', {
    submit: 'save',
    add: 'save',
    update: 'update',
    remove: 'delete',
  }),
  access: menuAccess('biz_message'),
  menu: {
    code: 'biz_message',
    name: '消息管理',
    path: '/administration/message',
    icon: 'forum',
    parent: 'administration',
    sort: 10,
  },
});
