import { ID_PATTERN } from '../shared/patterns';
import { z } from '../zod';

export { ID_PATTERN, PHONE_PATTERN } from '../shared/patterns';

/**
 * Input pieces of calls, pure zod: action definitions (lib/contracts/**.actions.ts) declare their input with them and
 * blade/ parses with the same objects (blade/core re-exports them), so both halves read a call's input alike.
 */

/** Clients echo `""` for null non-string fields (contract §2): `""` is null, a missing field stays undefined. */
export const blank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? null : v), schema.nullable().optional());

/**
 * A call's parameters as text, for the calls that take every parameter as a string (the files module, the grants, the
 * CNEx persons): a list is comma-joined, a number or flag its text; null, absent, objects and file parts are left out.
 */
export function asTextParams(params: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (params === null || typeof params !== 'object') return out;
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || (typeof value === 'object' && !Array.isArray(value)))
      continue;
    out[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return out;
}

/** An action's input read as text (asTextParams), then by `schema`. */
export const textParams = <T extends z.ZodType>(schema: T) => z.preprocess(asTextParams, schema);

/** Whether `text` is a calendar day `yyyy-MM-dd` that exists (2026-02-30 does not). */
export function isCalendarDay(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return !!m && new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])).toISOString().slice(0, 10) === text;
}

/**
 * A calendar day `yyyy-MM-dd` that exists, trimmed; anything else is refused with `message` (a missing value with
 * `missing`, where a form says "choose a day" rather than "not a day").
 */
export const calendarDay = (message: string, missing = message) =>
  z.string({ error: missing }).trim().refine(isCalendarDay, message);

/** A snowflake id given as a string or a number; always a string afterwards. */
export const idSchema = z
  .union([z.string(), z.number()], { error: '必须是有效的ID' })
  .transform((v) => String(v).trim())
  .refine((v) => ID_PATTERN.test(v), '必须是有效的ID');

/**
 * A list of ids that match `pattern`: comma-joined (`ids=1,2,3`, Blade's form) or, from a JSON body, an array of them;
 * `invalid` refuses one that does not, and a list longer than `max` when one is given.
 */
export const idListOf = (pattern: RegExp, invalid: string, max?: number) =>
  z
    .union([z.string(), z.array(z.union([z.string(), z.number()]))], { error: '不能为空' })
    .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .refine((ids) => ids.length > 0, '请选择至少一条数据')
    .refine(
      (ids) => (max === undefined || ids.length <= max) && ids.every((id) => pattern.test(id)),
      invalid,
    );

/** A comma-joined list of snowflake ids. */
export const idListSchema = idListOf(ID_PATTERN, '必须是有效的ID');

/** An id list read as the set it names (a removal or a setting of the listed rows), after the list's own checks. */
export const distinctIds = <T extends z.ZodType<string[]>>(rule: T) =>
  rule.transform((ids) => [...new Set(ids)]);

/** idListSchema, each id once. */
export const idSetSchema = distinctIds(idListSchema);

/** An id list given as an array (of strings or numbers) or a comma-joined string; may be empty. */
export const idArraySchema = z
  .union([z.array(z.union([z.string(), z.number()])), z.string()], { error: '必须是ID列表' })
  .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .refine((ids) => ids.every((id) => ID_PATTERN.test(id)), '必须是有效的ID')
  .transform((ids) => [...new Set(ids)]);

/** An integer from the query string or a JSON body (`{"current": 1}`); junk is a 400, not NaN. */
export const queryInt = blank(
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string({ error: '必须为整数' })
      .trim()
      .regex(/^-?\d{1,9}$/, '必须为整数')
      .transform((v) => Number(v)),
  ),
);

/** The range of a PostgreSQL `integer` (int4) column. */
export const INT4_MIN = -2147483648;
export const INT4_MAX = 2147483647;
const MSG_INT = '必须为整数';
const MSG_INT_RANGE = `必须在${INT4_MIN}到${INT4_MAX}之间`;

/** An integer given as a number or a numeric string (Avue number inputs send either), within int4. */
export const intSchema = z
  .union([
    z.number().int(MSG_INT),
    z
      .string()
      .trim()
      .regex(/^-?\d{1,10}$/, MSG_INT),
  ])
  .transform((v) => Number(v))
  .refine((n) => n >= INT4_MIN && n <= INT4_MAX, MSG_INT_RANGE);

/** The paging parameters of a list call, for the inputs that take no sort (spread into their object). */
export const pagingInput = { current: queryInt, size: queryInt };

/** The paging and sorting parameters of a list call (Blade's Query). */
export const pageQuerySchema = z.object({
  ...pagingInput,
  ascs: blank(z.string().max(500)),
  descs: blank(z.string().max(500)),
});
