'use client';

import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import { splitIds } from '@/components/crud/ids';
import { ResourceScreen } from '@/components/crud/resource-screen';
import type { RowOf } from '@/lib/contracts/resource';
import { bizMessageResource } from '@/lib/contracts/business/message';
import { withAnswered } from './screen-helpers';
import { namesById, UserPicker } from './user-picker';

const messageScreen = withAnswered(bizMessageResource, {
  recipientNames: 'business.message.recipientNames',
  recipientCount: 'business.message.recipientCount',
  readCount: 'business.message.readCount',
});
type Message = RowOf<typeof messageScreen>;

/**
 * /administration/message: the messages the caller sent. Recipients are users picked by name (stored as
 * `recipientIds`); saving delivers at once, and an edit is refused by the server once anyone has read it.
 */
export function MessageScreen() {
  const t = useTranslations();
  const opened = useRef<Message | null>(null);
  return (
    <ResourceScreen
      def={messageScreen}
      viewCode="biz_message_view"
      fields={{
        recipientIds: {
          kind: 'custom',
          wide: true,
          render: (props) => (
            <UserPicker
              {...props}
              multiple
              label={t(bizMessageResource.fields.recipientIds.label)}
              known={
                opened.current
                  ? namesById(opened.current.recipientIds, opened.current.recipientNames)
                  : undefined
              }
            />
          ),
        },
      }}
      columns={{
        recipientNames: { sortable: false, flex: 2 },
        recipientCount: { sortable: false, flex: 0, width: 100, minWidth: 100 },
        readCount: { sortable: false, flex: 0, width: 100, minWidth: 100 },
        category: { flex: 0, width: 100, minWidth: 100 },
      }}
      order={{
        form: ['title', 'category', 'recipientIds', 'content'],
        list: ['title', 'category', 'recipientNames', 'recipientCount', 'readCount', 'sender'],
      }}
      overrides={{
        toForm: (row) => {
          opened.current = row;
          // An id list is edited as an array (ResourceScreen's own toForm, which this one replaces, does the same).
          return { ...row, recipientIds: splitIds(row.recipientIds) };
        },
      }}
    />
  );
}
