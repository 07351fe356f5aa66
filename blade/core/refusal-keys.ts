import type { z } from 'zod';
import zh from '../../messages/zh.json';
import en from '../../messages/en.json';
import { keyOfMessage } from '../../lib/contracts/message-key';
import { messageText } from '../../lib/contracts/resource';
import { messageValues } from '../../lib/i18n/message-args';
import type { Refusal } from './envelope';

/**
 * A message's text in one language with its `{name}` placeholders filled (a placeholder without a value stays as
 * written); a `<name>Key` value is a message of the same language.
 */
function fill(messages: unknown, key: string, values?: Record<string, string | number>): string {
  const text = messageText(messages, key);
  const all = messageValues(values, (inner) => messageText(messages, inner));
  return all ? text.replace(/\{(\w+)\}/g, (whole, name: string) => String(all[name] ?? whole)) : text;
}

/** zh text of a message key, `{name}` placeholders filled: blade/ answers in the spec's language. */
export function zhText(key: string, values?: Record<string, string | number>): string {
  return fill(zh, key, values);
}

/** zod's English default texts ("Invalid input: …", "Too big: …", "Unrecognized key(s) …"), from its en locale. */
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized)\b/;

/**
 * The text of a schema's issue. blade/'s schemas word their refusals in Chinese (or by message key); zod's English
 * default, for a rule written without its message (`.max(64)`, `z.enum(…)`), the Chinese portal must not show: the
 * generic rule of its kind answers instead (`长度不能超过64`), which has a key, so English shows English.
 */
export function issueText(issue: z.core.$ZodIssue): string {
  const key = keyOfMessage(issue.message);
  if (key) return zhText(key);
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      // zod words a missing value "received undefined"; the issue itself does not carry the input.
      if (issue.message.endsWith('received undefined')) return zhText('common.validation.required');
      if (issue.expected === 'string') return zhText('common.validation.text');
      if (issue.expected === 'int') return zhText('common.validation.integer');
      if (issue.expected === 'number') return zhText('common.validation.number');
      return zhText('common.validation.invalid');
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'string') return zhText('common.validation.maxLength', { max });
      if (issue.origin === 'array' || issue.origin === 'set')
        return zhText('common.validation.maxItems', { max });
      if (issue.origin === 'number' || issue.origin === 'int')
        return zhText('common.validation.maxValue', { max });
      return zhText('common.validation.invalid');
    }
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'string')
        return min === '1'
          ? zhText('common.validation.required')
          : zhText('common.validation.minLength', { min });
      if (issue.origin === 'array' || issue.origin === 'set')
        return zhText('common.validation.minItems', { min });
      if (issue.origin === 'number' || issue.origin === 'int')
        return zhText('common.validation.minValue', { min });
      return zhText('common.validation.invalid');
    }
    case 'invalid_value':
      return zhText('common.validation.choice');
    default:
      return zhText('common.validation.invalid');
  }
}

/**
 * The message key of a refusal that was written as zh text: a schema's rule (`.max(32, '长度不能超过32')`), a
 * `ValidationError`, a `ServiceError` without a key. blade/ answers every refusal in the spec's zh; a refusal whose text
 * is a message's zh text also carries that message's key (and its placeholders' values), so the English portal shows
 * the English message. Found by the text, not declared at each of the several hundred refusal sites: the messages are
 * the one place both languages live.
 *
 * A text that several keys share is taken only when their English agrees (`不能为空` is a form's "Enter the invoice
 * title" in one place and a bare "Required" in another) or when one of them is a generic refusal (`common.validation`,
 * `common.refusal`), which then speaks for all. Texts with values (`长度不能超过32`) are matched against the generic
 * rules' templates only. A text no message has goes out without a key, as before. The declared way stays
 * `KeyedError(key)`, and for a schema's rule `byKey(key)` (lib/contracts/message-key.ts); this is for the refusals that
 * are text.
 */
export interface RefusalKey {
  key: string;
  args?: Record<string, string>;
}

/** Where a text that several keys share is taken from whichever key is in one of these. */
const GENERIC = ['common.validation.', 'common.refusal.'];

type Leaves = Map<string, string>;

function leaves(node: unknown, prefix: string, into: Leaves): Leaves {
  for (const [name, value] of Object.entries(node as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === 'string') into.set(key, value);
    else if (value && typeof value === 'object') leaves(value, key, into);
  }
  return into;
}

/** A template with simple `{name}` placeholders as a pattern that gives the values back; ICU plurals are skipped. */
function templatePattern(text: string): { pattern: RegExp; names: string[] } | undefined {
  const names: string[] = [];
  const parts = text.split(/\{(\w+)\}/);
  if (parts.some((part, i) => i % 2 === 0 && /[{}]/.test(part))) return undefined;
  const source = parts
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      names.push(part);
      return '(.+?)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

interface Index {
  exact: Map<string, string[]>;
  templates: { key: string; pattern: RegExp; names: string[] }[];
}

let index: Index | undefined;

function buildIndex(): Index {
  const exact = new Map<string, string[]>();
  const templates: Index['templates'] = [];
  for (const [key, text] of leaves(zh, '', new Map())) {
    if (!text.includes('{')) {
      exact.set(text, [...(exact.get(text) ?? []), key]);
      continue;
    }
    // Only the generic rules are matched as templates: a module's `{name}已存在` would match any text ending so and
    // answer Chinese inside English; a module's refusal with values is a KeyedError, which names its key.
    const template = GENERIC.some((prefix) => key.startsWith(prefix)) ? templatePattern(text) : undefined;
    if (template) templates.push({ key, ...template });
  }
  return { exact, templates };
}

function englishOf(key: string, args?: Record<string, string>): string | undefined {
  return messageText(en, key) === key ? undefined : fill(en, key, args);
}

/** The one key the candidates agree on, or undefined. */
function agreed(candidates: RefusalKey[]): RefusalKey | undefined {
  const generic = candidates.find((c) => GENERIC.some((prefix) => c.key.startsWith(prefix)));
  if (generic) return generic;
  const first = candidates[0];
  if (!first) return undefined;
  const said = englishOf(first.key, first.args);
  if (said === undefined) return undefined;
  return candidates.every((c) => englishOf(c.key, c.args) === said) ? first : undefined;
}

export function refusalKey(text: string): RefusalKey | undefined {
  index ??= buildIndex();
  const exact = index.exact.get(text);
  if (exact) return agreed(exact.map((key) => ({ key })));
  const matched: RefusalKey[] = [];
  for (const { key, pattern, names } of index.templates) {
    const found = pattern.exec(text);
    if (found) matched.push({ key, args: Object.fromEntries(names.map((name, i) => [name, found[i + 1]])) });
  }
  return agreed(matched);
}

/** `<field>:<text>`: a field is an input's path (`id`, `items.0.name`). */
const FIELD_PREFIX = /^([A-Za-z_][\w.]*):(.+)$/s;

/**
 * A refusal with its key: as given when it names one (a KeyedError); else the key of its text, the field apart when
 * the text was thrown as `<field>:<text>` in one string (a ServiceError naming its input). `text` comes back without
 * the field, which `failure` puts before it again.
 */
export function keyed(text: string, refusal: Refusal = {}): { text: string; refusal: Refusal } {
  if (refusal.errorCode) return { text, refusal };
  const prefixed = refusal.errorField ? undefined : FIELD_PREFIX.exec(text);
  const bare = prefixed ? prefixed[2] : text;
  const found = refusalKey(bare);
  if (!found) return { text, refusal };
  return {
    text: bare,
    refusal: { errorCode: found.key, errorArgs: found.args, errorField: refusal.errorField ?? prefixed?.[1] },
  };
}
