// Every key in messages/zh.json (the source of truth) must exist in en.json and the other way round.
import { readFileSync } from 'node:fs';

const load = (l) => JSON.parse(readFileSync(new URL(`../messages/${l}.json`, import.meta.url), 'utf8'));
const keys = (obj, prefix = '') =>
  Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
const zh = new Set(keys(load('zh')));
const en = new Set(keys(load('en')));
const missingEn = [...zh].filter((k) => !en.has(k));
const extraEn = [...en].filter((k) => !zh.has(k));
if (missingEn.length || extraEn.length) {
  if (missingEn.length) console.error(`missing in en.json:\n  ${missingEn.join('\n  ')}`);
  if (extraEn.length) console.error(`not in zh.json:\n  ${extraEn.join('\n  ')}`);
  process.exit(1);
}
console.log(`messages: ${zh.size} keys, zh and en in parity`);
