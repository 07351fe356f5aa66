import { calendarDay } from './inputs';
import { z } from '../zod';

/**
 * One declaration per resource. blade/ builds the resource's routes, input rules, access checks and contract tests
 * from it; the portal builds the screen (columns, form, search, buttons) from the same object. Pure data and zod: no
 * I/O, no React, no Kysely, so both halves may import it.
 *
 * Texts are message keys (`messages/zh.json` is the source, its texts are the spec's exact ones). blade/ answers
 * with the zh text and the key (`errorCode`), the portal shows the key in the user's language.
 */

/** Who may call a verb: a role (`platform` = the platform administrator, `admin` = a tenant's) and/or menu codes. */
export interface AccessRule {
  role?: 'platform' | 'admin';
  codes?: readonly string[];
}

/** A call as the catalogue names it: the method and the path the browser uses, without `/api`. */
export interface CallDef {
  method: 'GET' | 'POST';
  path: string;
}

/**
 * `ids`: a list of ids (a multi-select), sent as an array or comma-joined, stored comma-joined in a text column.
 * `money`: an amount in yuan with at most two decimals, in a numeric(18,2) column; it travels as a decimal text
 * (`"1234.50"`, never a float) and blade/ answers it so, or null. `date`: a calendar day `yyyy-MM-dd` in a date column.
 */
export type FieldKind = 'text' | 'textarea' | 'int' | 'flag' | 'ids' | 'money' | 'date';

/** A snowflake id as blade/ issues them. */
const ID_PATTERN = /^[1-9]\d{0,18}$/;

export interface FieldDef {
  /** The table's column (snake_case); a definition may leave it out when it is the name's (`paramName`: param_name). */
  column: string;
  kind: FieldKind;
  /** Message key of the field's label; a definition may leave it out when it is `<key>.<name>`. */
  label: string;
  /** Longest accepted text, in characters: the column's varchar limit. */
  max?: number;
  /** Shortest accepted text, in characters (a secret's minimum strength). */
  min?: number;
  /** A `money` field that may not be negative (a payment, a receipt). */
  nonNegative?: boolean;
  /** What a text must match (after trimming), with the message key of its refusal. */
  pattern?: { regex: RegExp; message: string };
  /**
   * Never answered (the answer carries `""`): a secret that a hook stores hashed. A blank value on edit keeps the
   * stored one, so `required` binds on add only. Not a list column, filter or sort key.
   */
  writeOnly?: boolean;
  /** Message key of the refusal when the field is missing or blank; absent = optional. */
  required?: string;
  /** Value stored when an optional field is not given. */
  default?: string | number;
  /** Shown as a grid column (default true). */
  list?: boolean;
  /** Dictionary (blade_dict code) whose items are the field's choices. */
  dict?: string;
  /** Offered in the form (default true). */
  form?: boolean;
  /**
   * A search-bar filter: `like` matches a fragment (wildcards taken literally), `eq` the whole value. `fragment`
   * matches a fragment too, case-insensitively, through the suffix index a migration keeps for the column
   * (blade_fragment_index): for long tables, where `ilike` under row-level security can only scan.
   */
  search?: 'like' | 'fragment' | 'eq';
  /** The list may be sorted by it (ascs/descs). */
  sort?: boolean;
  /** A text that clients may send as a JSON number (a numeric key or id): the number is taken as its decimal text. */
  acceptsNumber?: boolean;
  /** Other names of the field's search parameter that clients send (the first one given counts). */
  searchAliases?: readonly string[];
  /** Answered by the detail call only: bulky text that list rows leave out. */
  detailOnly?: boolean;
  /** The name clients sort by (ascs/descs) when it is not the column: the answer's field in snake case. */
  sortAs?: string;
}

export type Fields = Record<string, FieldDef>;

/** A field as a definition writes it: `column` and `label` may be left to their defaults (see defineResource). */
export type FieldSpec = Omit<FieldDef, 'column' | 'label'> & Partial<Pick<FieldDef, 'column' | 'label'>>;
export type FieldSpecs = Record<string, FieldSpec>;

/** The fields of a definition as defineResource answers them: every one with its column and label. */
export type CompleteFields<F extends FieldSpecs> = {
  [N in keyof F]: F[N] & Pick<FieldDef, 'column' | 'label'>;
};

/** The column of a field named `name` unless it says otherwise: `paramName` → `param_name`, as MyBatis maps them. */
export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

/** A button of a resource's page beyond add, edit, delete and view (`action`: 1 toolbar, 2 row, 3 both). */
export interface MenuButtonDef {
  code: string;
  /** The seeded name (zh). */
  name: string;
  alias: string;
  action: 1 | 2 | 3;
  /** Only the platform administrator may hold it. */
  platform?: boolean;
}

/**
 * The resource's page in the navigation. blade/ creates the page and its buttons (the access codes of add, edit and
 * remove, `<code>_view`, and `buttons`) on a new database and on an existing one that lacks them (db/resource-menus.ts);
 * the portal names the page's tab `menu.<code>`. Rows are the tenant's data afterwards: a renamed, moved or deleted
 * page is left as it is.
 */
export interface ResourceMenuDef {
  code: string;
  /** The seeded name (zh). */
  name: string;
  path: string;
  /** The icon (blade_menu.source). */
  icon: string;
  /** Code of the parent menu. */
  parent: string;
  sort: number;
  /** The page and its buttons are the platform administrator's only (never provisioned to a tenant's admin). */
  platform?: boolean;
  /** The add, edit and delete buttons are the platform administrator's (writes of a platform-wide table). */
  platformWrites?: boolean;
  /** A `<code>_view` button (default true). */
  view?: boolean;
  buttons?: readonly MenuButtonDef[];
}

export interface ResourceDef<F extends Fields = Fields> {
  /** Message namespace of the resource's texts, e.g. `system.param`. */
  key: string;
  table: string;
  /** `tenant`: rows carry tenant_id, every query filters by the caller's tenant and runs under row-level security. */
  ownership: 'tenant' | 'global';
  fields: F;
  /**
   * The data scope (blade_scope_data.resource_code) that limits which rows a caller sees and changes, and where the
   * rows keep their dept and owner. Rows outside the caller's scope answer 404, like another tenant's.
   */
  dataScope?: {
    resource: string;
    dept?: string;
    owner?: string;
    /** The dept column holds comma-joined ids (blade_user.dept_id): a row is in scope when any of them is. */
    deptList?: boolean;
  };
  /**
   * The rows belong to customer companies (DOMAIN §0), `column` holding the company. A customer (a user whose account
   * names a company) sees and changes only its own company's rows, and its writes store its company there; another
   * company's ids answer 404, like another tenant's. Staff reach every company's rows (within a data scope, if any),
   * unless `customersOnly`: the rows are the customers' own (a company's invoice titles) and staff are 403 on every call.
   */
  company?: { column: string; customersOnly?: boolean };
  /**
   * Column values every row of the resource has (e.g. one user type of a table several resources share): every call
   * sees only such rows and an add writes them. Not fields: clients neither see nor send them.
   */
  fixed?: Readonly<Record<string, string | number>>;
  /** The list's order when the caller asks for none (default: id ascending). */
  defaultOrder?: readonly { column: string; direction: 'asc' | 'desc' }[];
  /** Values that must not repeat among live rows (of the tenant); `message` is the refusal's message key. */
  unique?: readonly { fields: readonly string[]; message: string }[];
  /**
   * `update`, when given, is an edit-only call (the id is required) beside `submit`. `add`, when given, is an add-only
   * call (an id is refused) that replaces `submit`, which is then not served (add and edit through separate calls).
   */
  calls: {
    list: CallDef;
    /** Absent where the catalogue has none (business-service): screens and tests read a row from the list. */
    detail?: CallDef;
    submit: CallDef;
    remove: CallDef;
    add?: CallDef;
    update?: CallDef;
    /** The list as an Excel workbook, streamed (same filters, order and access as the list); added beyond the catalogue. */
    export?: CallDef;
  };
  /** Answer fields beside the definition's (a hook's `projectName`) that the export writes, with their labels. */
  exportExtras?: readonly { name: string; label: string }[];
  /** `list`, when given, replaces `read` for the list call (a picker on another screen may list the rows). */
  access: { read: AccessRule; add: AccessRule; edit: AccessRule; remove: AccessRule; list?: AccessRule };
  menu?: ResourceMenuDef;
  /**
   * The rows form a tree through their `parentId` field (`'0'`: a root). The list call then answers every matching row
   * at once (no page), nested under `children`, each with `parentName`: the `name` field of its parent.
   */
  tree?: { name: string };
  /**
   * Only the list and detail calls exist (rows written elsewhere, e.g. logs): crudRoutes serves no submit or remove,
   * and the page gets no add, edit or delete button. `calls` and `access` spread `NO_WRITES` for the write verbs.
   */
  readOnly?: boolean;
  /**
   * `false`: the table has no BaseEntity columns (is_deleted, create_user, update_time…): every row is live, answers
   * carry only `id` and the fields, and the sort allowlist has no update_time.
   */
  audit?: false;
  /**
   * A time range filter of the list: `from` and `to` are the parameters (yyyy-MM-dd, optionally HH:mm[:ss]) bounding
   * `column`; a bare `to` date means the end of that day. `invalid` and `reversed` are the refusals' message keys.
   */
  dateRange?: { column: string; from: string; to: string; invalid: string; reversed: string };
  /** The list is ordered by id ascending after any order, so equal values never split pages differently. */
  stableOrder?: boolean;
  /** The submit answers the written row, as the list shows it (blade-customer's saveOrUpdate), not only success. */
  answerRow?: boolean;
  /** Ids that are not snowflakes (e.g. 32-hex file ids): what detail, submit and remove accept; `message` is a key. */
  idPattern?: { regex: RegExp; message: string };
}

/** The list's order of rows that carry a `sort` column (`defaultOrder`): by it, then by id. */
export const SORT_ORDER = [
  { column: 'sort', direction: 'asc' },
  { column: 'id', direction: 'asc' },
] as const satisfies ResourceDef['defaultOrder'];

/** The write verbs of a read-only resource (`readOnly`), which has none: never registered, no page buttons. */
export const NO_WRITES = {
  calls: { submit: { method: 'POST', path: '' }, remove: { method: 'POST', path: '' } },
  access: { add: { role: 'platform' }, edit: { role: 'platform' }, remove: { role: 'platform' } },
} as const satisfies {
  calls: Pick<ResourceDef['calls'], 'submit' | 'remove'>;
  access: Pick<ResourceDef['access'], 'add' | 'edit' | 'remove'>;
};

/** A definition as written: fields may leave their column and label to the defaults. */
export type ResourceSpec<F extends FieldSpecs> = Omit<ResourceDef, 'fields' | 'unique'> & {
  fields: F;
  unique?: readonly { fields: readonly (keyof F & string)[]; message: string }[];
};

/**
 * The definition with every field complete: a field's column defaults to its name in snake case, its label to
 * `<key>.<name>`. Fields shared by several definitions are copied, never changed.
 */
export function defineResource<const F extends FieldSpecs>(
  spec: ResourceSpec<F>,
): ResourceDef<CompleteFields<F>> {
  const fields = Object.fromEntries(
    Object.entries(spec.fields).map(([name, field]) => [
      name,
      { ...field, column: field.column ?? snakeCase(name), label: field.label ?? `${spec.key}.${name}` },
    ]),
  ) as CompleteFields<F>;
  const def = { ...spec, fields };
  for (const [name, field] of Object.entries(def.fields)) {
    if ((field.kind === 'text' || field.kind === 'textarea') && !field.max)
      throw new Error(`${def.key}.${name}: a text field needs its column's max length`);
    if (field.nonNegative && field.kind !== 'money')
      throw new Error(`${def.key}.${name}: only a money field is non-negative`);
    if (field.writeOnly && (field.list !== false || field.search || field.sort))
      throw new Error(`${def.key}.${name}: a write-only field is no list column, filter or sort key`);
  }
  if (def.tree && !def.fields.parentId) throw new Error(`${def.key}: a tree needs a parentId field`);
  if (def.company && def.ownership !== 'tenant')
    throw new Error(`${def.key}: customer companies are a tenant's, so are rows that belong to them`);
  if (def.readOnly && (def.calls.submit.path || def.calls.remove.path))
    throw new Error(`${def.key}: a read-only resource has no submit or remove call (spread NO_WRITES)`);
  return def;
}

type CallName = keyof ResourceDef['calls'];

/**
 * The calls of a resource below `base` (e.g. `/blade-system/param`): `list` and `detail` by GET, `submit` and
 * `remove` by POST, each at `<base>/<its name>`. `verbs` names a call otherwise (`{ list: 'page' }`) or adds the
 * optional `add` and `update` calls; `methods` changes a call's method (`{ list: 'POST' }`).
 */
export function standardCalls(
  base: string,
  verbs: Partial<Record<Exclude<CallName, 'detail'>, string>> & { detail?: string | null } = {},
  methods: Partial<Record<CallName, CallDef['method']>> = {},
): ResourceDef['calls'] {
  const call = (name: CallName, method: CallDef['method']): CallDef => ({
    method: methods[name] ?? method,
    path: `${base}/${verbs[name] ?? name}`,
  });
  return {
    list: call('list', 'GET'),
    // `detail: null`: the catalogue has no detail call.
    ...(verbs.detail === null ? {} : { detail: call('detail', 'GET') }),
    submit: call('submit', 'POST'),
    remove: call('remove', 'POST'),
    ...(verbs.add === undefined ? {} : { add: call('add', 'POST') }),
    ...(verbs.update === undefined ? {} : { update: call('update', 'POST') }),
  };
}

/**
 * The verbs of business-service (`calls.tsv`): every call a POST, `list`, `add` (adds, or edits when the body has an
 * id) and `delete`, no detail call; and `export`, the list as a workbook (the issue's "every list exportable", not in
 * the catalogue). `verbs` adds what a resource has besides (e.g. `{ update: 'update' }`).
 */
export const businessCalls = (base: string, verbs: Parameters<typeof standardCalls>[1] = {}) => ({
  ...standardCalls(base, { submit: 'add', remove: 'delete', detail: null, ...verbs }, { list: 'POST' }),
  export: { method: 'POST', path: `${base}/export` } as CallDef,
});

/**
 * Access by the codes of a page's buttons: `<code>` reads, `<code>_add`, `<code>_edit` and `<code>_delete` add, edit
 * and remove. `role`, when given, is required by every verb as well; `listAlso` names other pages' codes that may call
 * the list too (a picker on another screen).
 */
export function menuAccess(
  code: string,
  options: { role?: AccessRule['role']; listAlso?: readonly string[] } = {},
): ResourceDef['access'] {
  const { role, listAlso } = options;
  const rule = (...codes: string[]): AccessRule => (role ? { role, codes } : { codes });
  return {
    read: rule(code),
    add: rule(`${code}_add`),
    edit: rule(`${code}_edit`),
    remove: rule(`${code}_delete`),
    ...(listAlso ? { list: rule(code, ...listAlso) } : {}),
  };
}

type FieldValue<K extends FieldKind> = K extends 'int' | 'flag'
  ? number
  : K extends 'money' | 'date'
    ? string | null
    : string;

type Translate = (key: string, values?: Record<string, number>) => string;

/** The mode of a form or a submit: a write-only field is required on add only. */
export type WriteMode = 'add' | 'edit' | 'view';

/** The row as the API answers it: id, the declared fields and the BaseEntity audit fields. */
export type RowOf<D extends ResourceDef> = { id: string } & {
  -readonly [N in keyof D['fields']]: FieldValue<D['fields'][N]['kind']>;
} & AuditFieldsVO;

export interface AuditFieldsVO {
  createUser: string;
  createDept: string;
  createTime: string;
  updateUser: string;
  updateTime: string;
  status: number;
  isDeleted: number;
}

/** Every name the list may be sorted by: the sortable fields (their `sortAs` or column) plus the id and audit times. */
export function sortableColumns(def: ResourceDef): string[] {
  const declared = Object.values(def.fields)
    .filter((f) => f.sort)
    .map((f) => f.sortAs ?? f.column);
  return def.audit === false
    ? ['id', ...declared, 'create_time']
    : ['id', ...declared, 'create_time', 'update_time'];
}

/** Resolves a message key (`system.param.nameRequired`) in a messages object; the key itself when absent. */
export function messageText(messages: unknown, key: string): string {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return key;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : key;
}

/** Clients echo `""` for empty fields (and an empty list for an empty multi-select): treat it as absent. */
const blankToUndefined = (v: unknown) =>
  v === '' || v === null || (Array.isArray(v) && v.length === 0) ? undefined : v;

/** Integer digits a numeric(18,2) column holds. */
const MONEY_INTEGER_DIGITS = 16;

/**
 * An amount as the spec writes its rule: optionally negative, at most two decimals (必须为数字（最多两位小数）), or
 * not negative (必须为非负数（最多两位小数）). A JSON number is taken by its decimal text, so 0.1 + 0.2 is refused rather
 * than rounded. The value is answered canonical: two decimals, no leading zeros, no `-0`.
 */
function moneySchema(field: FieldDef, text: Translate) {
  const pattern = field.nonNegative ? /^\+?(\d+)(?:\.(\d{1,2}))?$/ : /^([-+]?\d+)(?:\.(\d{1,2}))?$/;
  const message = text(field.nonNegative ? 'common.validation.moneyNonNegative' : 'common.validation.money');
  return z.union([z.number(), z.string().trim()], { error: message }).transform((v, ctx) => {
    const match = pattern.exec(typeof v === 'number' ? String(v) : v);
    if (!match) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    const negative = match[1].startsWith('-');
    const digits = match[1].replace(/^[-+]/, '').replace(/^0+(?=\d)/, '');
    if (digits.length > MONEY_INTEGER_DIGITS) {
      ctx.addIssue({ code: 'custom', message: text('common.validation.moneyRange') });
      return z.NEVER;
    }
    const cents = (match[2] ?? '').padEnd(2, '0');
    const zero = /^0+$/.test(digits + cents);
    return `${negative && !zero ? '-' : ''}${digits}.${cents}`;
  });
}

/** A calendar day `yyyy-MM-dd` that exists (no 2026-02-30). */
function dateSchema(text: Translate) {
  return calendarDay(text('common.validation.date'));
}

/**
 * The zod rule of one field's value, with its refusals as message keys (the caller translates them): the same rule on
 * both sides, so the form and blade/ cannot disagree on a length again.
 */
export function fieldSchema(field: FieldDef, text: Translate) {
  if (field.kind === 'money') return moneySchema(field, text);
  if (field.kind === 'date') return dateSchema(text);
  if (field.kind === 'ids') {
    const invalid = text('common.validation.ids');
    return z
      .union([z.array(z.union([z.string(), z.number()])), z.string()], { error: invalid })
      .transform((v) =>
        (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean),
      )
      .refine((ids) => ids.every((id) => ID_PATTERN.test(id)), invalid)
      .transform((ids) => [...new Set(ids)].join(','));
  }
  if (field.kind === 'int' || field.kind === 'flag') {
    // A flag may come as a JSON boolean (a checkbox's value): true is 1, false 0.
    const given =
      field.kind === 'flag'
        ? z.union([z.number(), z.string().trim(), z.boolean()])
        : z.union([z.number(), z.string().trim()]);
    const int = given.transform((v, ctx) => {
      const n =
        typeof v === 'boolean'
          ? Number(v)
          : typeof v === 'number'
            ? v
            : /^-?\d{1,9}$/.test(v)
              ? Number(v)
              : NaN;
      if (!Number.isSafeInteger(n) || Math.abs(n) > 2_147_483_647) {
        ctx.addIssue({ code: 'custom', message: text('common.validation.integer') });
        return z.NEVER;
      }
      return n;
    });
    return field.kind === 'flag'
      ? int.refine((n) => n === 0 || n === 1, text('common.validation.flag'))
      : int;
  }
  let rule = z
    .string({ error: text('common.validation.text') })
    .trim()
    .max(field.max ?? 255, text('common.validation.maxLength', { max: field.max ?? 255 }));
  if (field.min) rule = rule.min(field.min, text('common.validation.minLength', { min: field.min }));
  if (field.pattern) rule = rule.regex(field.pattern.regex, text(field.pattern.message));
  return field.acceptsNumber ? z.preprocess((v) => (typeof v === 'number' ? String(v) : v), rule) : rule;
}

/**
 * The rule of a search-bar value: a fragment (`like`, `fragment`), so only the field's type and length apply; or, for
 * `eq`, a whole value, which the field's pattern decides too (an id filter of `abc` is refused in the field's words,
 * not sent to the database).
 */
export function searchSchema(field: FieldDef, text: Translate) {
  return fieldSchema(
    { ...field, min: undefined, pattern: field.search === 'eq' ? field.pattern : undefined },
    text,
  );
}

/**
 * The add/edit input: every form field, optional in the schema (a missing required field gets its own message from
 * `missingRequired`, in declaration order, as the spec's on-blur texts), unknown keys dropped.
 */
export function submitSchema(def: ResourceDef, text: Translate) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.form === false) continue;
    shape[name] = z.preprocess(blankToUndefined, fieldSchema(field, text).optional());
  }
  return z.object(shape);
}

/** Whether the field must be given in this mode. */
const requiredIn = (field: FieldDef, mode: WriteMode) =>
  !!field.required && field.form !== false && !(field.writeOnly && mode !== 'add');

/** The first required field (in declaration order) that is missing or blank, or undefined. */
export function missingRequired(
  def: ResourceDef,
  values: Record<string, unknown>,
  mode: WriteMode = 'add',
): FieldDef | undefined {
  return Object.entries(def.fields).find(
    ([name, field]) => requiredIn(field, mode) && (values[name] ?? '') === '',
  )?.[1];
}

/**
 * The form's rule: the same field rules, with each required field's own message on a blank value (the on-blur texts
 * of the spec). `text` is the portal's translator, so the English form speaks English.
 */
export function formSchema(def: ResourceDef, text: Translate, mode: WriteMode = 'add') {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.form === false) continue;
    // The rule applies to what the required check lets through; typed as accepting any of those checks' outputs.
    const rule = fieldSchema(field, text) as unknown as z.ZodType<unknown, never>;
    if (!field.required || !requiredIn(field, mode))
      shape[name] = z.preprocess(blankToUndefined, rule.optional());
    else if (field.kind !== 'text' && field.kind !== 'textarea')
      shape[name] = z.preprocess(
        blankToUndefined,
        z
          .unknown()
          .refine((v) => v !== undefined, text(field.required))
          .pipe(rule),
      );
    else
      shape[name] = z
        .string({ error: text(field.required) })
        .trim()
        .min(1, text(field.required))
        .pipe(rule);
  }
  return z.object(shape);
}
