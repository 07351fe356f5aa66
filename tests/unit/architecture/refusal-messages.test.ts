import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zh from '../../../messages/zh.json';
import en from '../../../messages/en.json';
import { messageText } from '../../../lib/contracts/resource';
import { root } from './import-graph';

// `common.refusal` holds the refusals blade/ throws as text (blade/core/refusal-keys.ts finds a refusal's key by its zh
// text). A leaf whose text no source says any more is a translation nobody can meet: when a refusal's wording changes,
// its message must change with it, or the English portal falls back to the Chinese.

const SOURCE = /\.ts$/;
const TEST = /\.test\.ts$|\.test-helpers?\.ts$/;

function sourcesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const name = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(name);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [path.join(root, name)] : [];
  });
}

const sources = [...sourcesUnder('blade'), ...sourcesUnder('lib/contracts')]
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

const refusals = Object.entries(zh.common.refusal as Record<string, string>);

/** A template's text as the source words it inline: each `{name}` is some `${…}`. */
const inline = (text: string) =>
  new RegExp(
    text
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&'))
      .join('\\$\\{[^}]+\\}'),
  );

it('every common.refusal text is a refusal some source still throws', () => {
  expect(refusals.length).toBeGreaterThan(100);
  const unsaid = refusals.filter(
    ([key, text]) =>
      // Thrown by its key (KeyedError, zhText)…
      !sources.includes(`'common.refusal.${key}'`) &&
      // …or as a literal of its own, or ending one that names the field first (`'id:新增时不能指定'`), or, for a
      // template, worded inline where no message may be imported (the first-load body limit).
      !sources.includes(`'${text}'`) &&
      !sources.includes(`:${text}'`) &&
      !(text.includes('{') && inline(text).test(sources)),
  );
  expect(unsaid).toEqual([]);
});

it('every common.outbound refusal and setting label is one OutboundRefused can name', () => {
  const outbound = readFileSync(path.join(root, 'blade/core/outbound.ts'), 'utf8');
  const { label, ...reasons } = zh.common.outbound;
  for (const reason of Object.keys(reasons)) expect(outbound).toContain(`'${reason}'`);
  for (const name of Object.keys(label)) expect(outbound).toContain(`'${name}'`);
  expect(Object.keys(en.common.outbound.label).sort()).toEqual(Object.keys(label).sort());
});

it('every common.refusal has its English', () => {
  const english = en.common.refusal as Record<string, string>;
  for (const [key] of refusals) expect(english[key]?.trim()).toBeTruthy();
});

it("every key a schema's rule names (byKey) is a message in both languages", () => {
  const named = [...sources.matchAll(/byKey\('([\w.]+)'\)/g)].map((m) => m[1]);
  expect(named.length).toBeGreaterThan(0);
  const missing = named.filter((key) => messageText(zh, key) === key || messageText(en, key) === key);
  expect(missing).toEqual([]);
});
