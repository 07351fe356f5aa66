/**
 * A schema rule's message named by its key in messages/zh.json rather than written out:
 * `.min(1, byKey('application.customer.certNumberRequired'))`. blade/ answers the key's zh text with the key as the
 * refusal's code (blade/core/errors.ts), so the English portal shows the English message and the zh text lives in one
 * place. zod takes a rule's message as a string only, hence the marked string. It is for the inputs only blade/
 * parses (actions); the schemas a portal form parses are built with a translator (resource.ts fieldSchema).
 */
const MARK = 'msg-key:';

export function byKey(key: string): string {
  return `${MARK}${key}`;
}

/** The message key a rule named with `byKey`, or undefined for a rule worded in text. */
export function keyOfMessage(message: string): string | undefined {
  return message.startsWith(MARK) ? message.slice(MARK.length) : undefined;
}
