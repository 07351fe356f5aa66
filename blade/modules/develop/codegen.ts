import { snakeCase } from '../../../lib/contracts/resource';
import type { ZipEntry } from './zip';

/**
 * Generates a module in this project's conventions from a data model: a resource definition (lib/contracts) with its
 * page (`menu`: blade seeds the page and its button codes from it at start), hooks only where the definition cannot
 * say it, a migration (table, audit columns, tenant column and row-level security when tenant-owned, the grant), the
 * contract test, a page on ResourceScreen, the messages of both locales and a README listing the lines to add to the
 * shared files. A pure function of its input: nothing is
 * written on the server (contract §10 #13: BladeX wrote generated files to paths taken from the request).
 */

export type FieldKind = 'string' | 'text' | 'integer' | 'bigint' | 'decimal' | 'boolean' | 'datetime';

export interface GenField {
  /** snake_case column. */
  column: string;
  /** camelCase property. */
  property: string;
  kind: FieldKind;
  /** varchar length for 'string'. */
  length: number;
  label: string;
  required: boolean;
  inForm: boolean;
  inList: boolean;
  inQuery: boolean;
  /** 'like' or 'equal'. */
  queryType: string;
  dictCode: string;
}

export interface GenSpec {
  /** Service folder without the `blade-` prefix, e.g. `demo` → calls under `/blade-demo`. */
  service: string;
  /** kebab-case module name, e.g. `notice-board`. */
  module: string;
  /** Display name (Chinese), e.g. `公告板`. */
  title: string;
  table: string;
  tenant: boolean;
  fields: GenField[];
  /** yyyyMMddTHHmmss, the migration's prefix. */
  stamp: string;
}

/** Columns every generated table has (BaseEntity, plus tenant_id when tenant-owned); models may list them too. */
export const BASE_COLUMNS = new Set([
  'id',
  'tenant_id',
  'create_user',
  'create_dept',
  'create_time',
  'update_user',
  'update_time',
  'status',
  'is_deleted',
]);

/** information_schema data_type (or a BladeX jdbc type name) → a generator kind. */
export function kindOf(jdbcType: string): FieldKind {
  const t = jdbcType.toLowerCase();
  if (/^(smallint|integer|int|int2|int4|tinyint)$/.test(t)) return 'integer';
  if (/^(bigint|int8|long)$/.test(t)) return 'bigint';
  if (/^(numeric|decimal|real|double precision|float4|float8|double|float|money)/.test(t)) return 'decimal';
  if (/^(boolean|bool|bit)$/.test(t)) return 'boolean';
  if (/^(timestamp|date|time|datetime)/.test(t)) return 'datetime';
  if (/^(text|longtext|mediumtext|json|jsonb)$/.test(t)) return 'text';
  return 'string';
}

const camel = (s: string) => s.replace(/[-_]+([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
const pascal = (s: string) => camel(s).replace(/^[a-z]/, (ch) => ch.toUpperCase());
/** A single-quoted TypeScript string literal of any text (labels come from table comments). */
const q = (s: string) =>
  `'${s.replace(/[\\'\n\r\u2028\u2029]/g, (ch) => ({ '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r' })[ch] ?? `\\u${ch.charCodeAt(0).toString(16)}`)}'`;
/** Text going into a comment. */
const doc = (s: string) => s.replace(/\*\//g, '* /').replace(/[\r\n]+/g, ' ');
/** `textarea` fields (a text column) accept this many characters. */
const TEXT_MAX = 10_000;

/** Kinds the definition has no type for travel as checked text and are stored NULL when blank (hooks). */
const NULLABLE_TEXT: ReadonlySet<FieldKind> = new Set(['bigint', 'decimal', 'datetime']);
const RULE_OF: Partial<Record<FieldKind, { regex: string; max: number; zh: string; en: string }>> = {
  bigint: { regex: String.raw`/^-?\d{1,18}$/`, max: 19, zh: '必须为整数', en: 'Must be a whole number' },
  decimal: {
    regex: String.raw`/^-?\d{1,15}(\.\d{1,6})?$/`,
    max: 22,
    zh: '必须为数字',
    en: 'Must be a number',
  },
  datetime: {
    regex: String.raw`/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/`,
    max: 19,
    zh: '日期格式不正确（yyyy-MM-dd HH:mm:ss）',
    en: 'Use the format yyyy-MM-dd HH:mm:ss',
  },
};

function names(spec: GenSpec) {
  const base = spec.module;
  const code = base.replace(/-/g, '_');
  return {
    base,
    camel: camel(base),
    pascal: pascal(base),
    resource: `${camel(base)}Resource`,
    hooks: `${camel(base)}Hooks`,
    ns: `${camel(spec.service)}.${camel(base)}`,
    url: `/blade-${spec.service}/${base}`,
    page: `/${spec.service}/${base}`,
    code,
    contract: `lib/contracts/${spec.service}/${base}.ts`,
    dir: `blade/modules/${spec.service}/${base}`,
    migration: `${spec.stamp}-${base}`,
  };
}

const needsHooks = (spec: GenSpec) => spec.fields.some((f) => NULLABLE_TEXT.has(f.kind));

function definitionKind(f: GenField): string {
  if (f.kind === 'integer') return 'int';
  if (f.kind === 'boolean') return 'flag';
  if (f.kind === 'text') return 'textarea';
  return 'text';
}

/** An entry of an object literal: `key: value`, or a key and the entries of a nested object. */
type Entry = string | [key: string, entries: Entry[]];

const flat = (entry: Entry): string =>
  typeof entry === 'string' ? entry : `${entry[0]}: { ${entry[1].map(flat).join(', ')} }`;

/**
 * An object literal as Prettier keeps it (width 110): on one line when it fits at `indent`, else one entry a line,
 * nested objects in turn on one line when they fit.
 */
function objectLiteral(prefix: string, entries: Entry[], indent: number): string {
  const pad = ' '.repeat(indent);
  const line = `${pad}${flat([prefix, entries])},`;
  if (line.length <= 110) return line;
  const lines = entries.map((e) =>
    typeof e === 'string' ? `${pad}  ${e},` : objectLiteral(e[0], e[1], indent + 2),
  );
  return `${pad}${prefix}: {\n${lines.join('\n')}\n${pad}},`;
}

/** A field in the definition's short form: its column only when it is not the property's snake case. */
function fieldDefinition(spec: GenSpec, f: GenField): string {
  const n = names(spec);
  const kind = definitionKind(f);
  const rule = RULE_OF[f.kind];
  const entries: Entry[] = f.column === snakeCase(f.property) ? [] : [`column: ${q(f.column)}`];
  entries.push(`kind: ${q(kind)}`, `label: ${q(`${n.ns}.labels.${f.property}`)}`);
  if (f.kind === 'string') entries.push(`max: ${f.length || 255}`);
  if (f.kind === 'text') entries.push(`max: ${TEXT_MAX}`);
  if (rule) {
    entries.push(`max: ${rule.max}`);
    entries.push(['pattern', [`regex: ${rule.regex}`, `message: ${q(`${n.ns}.rules.${f.kind}`)}`]]);
  }
  if (f.required) entries.push(`required: ${q(`${n.ns}.required.${f.property}`)}`);
  if (f.kind === 'boolean') entries.push('default: 0');
  if (f.dictCode) entries.push(`dict: ${q(f.dictCode)}`);
  if (!f.inList) entries.push('list: false');
  if (!f.inForm) entries.push('form: false');
  const searchable = f.inQuery && !rule;
  if (searchable)
    entries.push(`search: ${f.queryType === 'like' && kind.startsWith('text') ? "'like'" : "'eq'"}`);
  if (f.inList && kind !== 'textarea') entries.push('sort: true');
  return objectLiteral(f.property, entries, 4);
}

function definition(spec: GenSpec): string {
  const n = names(spec);
  return `import { defineResource, menuAccess, standardCalls } from '../resource';

/**
 * ${doc(spec.title)} (generated by blade-develop from its data model). ${
   spec.tenant
     ? "The tenant's rows: every call filters by the caller's tenant and runs under row-level security."
     : "A platform-wide table: every call is the platform administrator's."
 }
 * Each call needs the page's button code, the codes the screen shows its buttons by. blade creates the page (under
 * the \`${doc(spec.service)}\` menu) and its buttons from \`menu\` when the database lacks them.
 */
export const ${n.resource} = defineResource({
  key: ${q(n.ns)},
  table: ${q(spec.table)},
  ownership: ${q(spec.tenant ? 'tenant' : 'global')},
  fields: {
${spec.fields.map((f) => fieldDefinition(spec, f)).join('\n')}
  },
  defaultOrder: [{ column: 'id', direction: 'desc' }],
  calls: standardCalls(${q(n.url)}),
  access: menuAccess(${q(n.code)}${spec.tenant ? '' : ", { role: 'platform' }"}),
  menu: {
    code: ${q(n.code)},
    name: ${q(spec.title)},
    path: ${q(n.page)},
    icon: 'list',
    parent: ${q(spec.service)},
    sort: 99,${spec.tenant ? '' : `\n    // A platform-wide table: every call is the platform administrator's, so tenants are never given the page.\n    platform: true,`}
  },
});
`;
}

function hooks(spec: GenSpec): string {
  const n = names(spec);
  const nullable = spec.fields.filter((f) => NULLABLE_TEXT.has(f.kind));
  const dates = spec.fields.filter((f) => f.kind === 'datetime');
  return `import type { CrudHooks } from '../../../core/crud';
${dates.length ? "import { formatDateTime } from '../../../core/dates';\n" : ''}
/** Columns the definition carries as checked text: a blank value is stored as NULL, not as ''. */
const NULLABLE = [${nullable.map((f) => q(f.column)).join(', ')}];

/** What the ${doc(spec.title)} definition does not say: its numeric and date columns take NULL for blank. */
export const ${n.hooks}: CrudHooks = {
  async beforeWrite(_ctx, values) {
    for (const column of NULLABLE) if (values[column] === '') values[column] = null;
  },${
    dates.length
      ? `
  // Dates answer in the form they are entered in.
  present: (row) => ({
${dates.map((f) => `    ${f.property}: formatDateTime(row.${f.column} as Date | null),`).join('\n')}
  }),`
      : ''
  }
};
`;
}

const SQL_TYPE: Record<FieldKind, (f: GenField) => string> = {
  string: (f) => `varchar(${f.length || 255})`,
  text: () => 'text',
  integer: () => 'integer',
  bigint: () => 'bigint',
  decimal: () => 'numeric',
  // A 0/1 flag, as the definition's `flag` and BladeX's columns.
  boolean: () => 'integer',
  datetime: () => 'timestamptz',
};

const DEFAULT_SQL: Partial<Record<FieldKind, string>> = {
  string: `.defaultTo('')`,
  text: `.defaultTo('')`,
  integer: '.defaultTo(0)',
  boolean: '.defaultTo(0)',
};

function migration(spec: GenSpec): string {
  const columns = spec.fields
    .map((f) => {
      const notNull = DEFAULT_SQL[f.kind] ? `(c) => c.notNull()${DEFAULT_SQL[f.kind]}` : '';
      return `      .addColumn(${q(f.column)}, ${q(SQL_TYPE[f.kind](f))}${notNull ? `, ${notNull}` : ''})`;
    })
    .join('\n');
  return `/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { auditColumns${spec.tenant ? ', enableTenantRls' : ''} } from './lib/v1';

// ${doc(spec.title)} (generated by blade-develop): the table. Its page and button codes come from the definition's
// \`menu\` (db/resource-menus.ts), not from here. The data model may have been read from an existing table: that
// table is then left as it is.

const TABLE = ${q(spec.table)};

export async function up(db: Kysely<any>): Promise<void> {
  const exists = await sql<{ found: string | null }>\`select to_regclass(\${TABLE}) as found\`.execute(db);
  if (!exists.rows[0]?.found) {
    await auditColumns(db.schema.createTable(TABLE))${spec.tenant ? `\n      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())` : ''}
${columns}
      .execute();
    ${spec.tenant ? `await enableTenantRls(db, TABLE);` : '// A platform-wide table: no tenant column, no row-level security.'}
  }
  // db/app-role.ts grants blade_app on blade_* tables only; requests run as blade_app.
  await sql\`grant select, insert, update, delete on table \${sql.table(TABLE)} to blade_app\`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable(TABLE).ifExists().execute();
}
`;
}

/** A sample value of a field for the contract suite: differs with `n`, fits the column and the field's rule. */
function sampleValue(f: GenField): string {
  switch (f.kind) {
    case 'integer':
      return 'n';
    case 'boolean':
      return 'n % 2';
    case 'bigint':
      return 'String(1000 + n)';
    case 'decimal':
      return '`${n}.25`';
    case 'datetime':
      return "`2026-01-${String((n % 28) + 1).padStart(2, '0')} 08:30:00`";
    default: {
      const max = f.kind === 'text' ? TEXT_MAX : f.length || 255;
      // The label is cut so that label and number fit the column.
      const prefix = [...f.label].slice(0, Math.max(0, Math.min(8, max - 6))).join('');
      return `${q(prefix)} + n`;
    }
  }
}

function contractTest(spec: GenSpec): string {
  const n = names(spec);
  const form = spec.fields.filter((f) => f.inForm);
  return `import { ${n.resource} } from '../../../../lib/contracts/${spec.service}/${n.base}';
import { describeResource } from '../../../testing/contract';

/** A valid add body; \`n\` makes rows differ. Hand-written tests of business rules go below the suite. */
export function sample(n: number) {
  return {
${form.map((f) => `    ${f.property}: ${sampleValue(f)},`).join('\n')}
  };
}

describeResource(${n.resource}, { sample });
`;
}

function screen(spec: GenSpec): string {
  const n = names(spec);
  return `'use client';

import { ResourceScreen } from '@/components/crud/resource-screen';
import { ${n.resource} } from '@/lib/contracts/${spec.service}/${n.base}';

/** ${doc(spec.title)}: the generic screen of its definition (columns, form, rules, search, buttons by code). */
export function ${n.pascal}Screen() {
  return <ResourceScreen def={${n.resource}} viewCode="${n.code}_view" />;
}
`;
}

function page(spec: GenSpec): string {
  const n = names(spec);
  return `import { ${n.pascal}Screen } from '@/components/${spec.service}/${n.base}-screen';
import { requirePageSession } from '@/lib/server/require-session';

export default async function Page() {
  // Layouts and pages render in parallel: the page checks the session itself.
  await requirePageSession();
  return <${n.pascal}Screen />;
}
`;
}

function messages(spec: GenSpec, locale: 'zh' | 'en'): string {
  const n = names(spec);
  const zh = locale === 'zh';
  const rules = Object.fromEntries(
    [...new Set(spec.fields.map((f) => f.kind))].flatMap((kind) => {
      const rule = RULE_OF[kind];
      return rule ? [[kind, zh ? rule.zh : rule.en]] : [];
    }),
  );
  const body = {
    title: spec.title,
    labels: Object.fromEntries(spec.fields.map((f) => [f.property, f.label])),
    required: Object.fromEntries(
      spec.fields
        .filter((f) => f.required)
        .map((f) => [f.property, zh ? `请输入${f.label}` : `Enter ${f.label}`]),
    ),
    ...(Object.keys(rules).length ? { rules } : {}),
  };
  return `${JSON.stringify({ [camel(spec.service)]: { [n.camel]: body } }, null, 2)}\n`;
}

function readme(spec: GenSpec): string {
  const n = names(spec);
  const hooked = needsHooks(spec);
  const special = hooked
    ? `
2. \`blade/modules/resources.ts\` (its hooks):

   \`\`\`ts
   import { ${n.resource} } from '../../lib/contracts/${spec.service}/${n.base}';
   import { ${n.hooks} } from './${spec.service}/${n.base}/${n.base}.resource';
   // in SPECIAL:
   [${n.resource}, { hooks: ${n.hooks} }],
   \`\`\`
`
    : '';
  const step = (i: number) => i + (hooked ? 1 : 0);
  return `# ${spec.title} (\`${n.base}\`)

Generated by blade-develop from a data model. Unpack at the project root; every file lands at its place:

- \`${n.contract}\` — the resource definition: fields, calls, rights (\`${n.code}\`, \`${n.code}_add\`, \`${n.code}_edit\`, \`${n.code}_delete\`) and its page \`${n.code}\` (\`menu\`): blade adds the page under the \`${spec.service}\` menu, with its buttons, at its next start
${hooked ? `- \`${n.dir}/${n.base}.resource.ts\` — hooks: blank numbers and dates are stored as NULL, dates answered formatted\n` : ''}- \`blade/db/migrations/${n.migration}.ts\` — table \`${spec.table}\`${spec.tenant ? ' (tenant_id, row-level security)' : ''}
- \`${n.dir}/${n.base}.contract.test.ts\` — the contract suite of the definition
- \`components/${spec.service}/${n.base}-screen.tsx\`, \`app/(portal)/${spec.service}/${n.base}/page.tsx\` — the page
- \`messages/${n.base}.zh.json\`, \`messages/${n.base}.en.json\` — its texts

The page is added only under an existing menu: when no menu has the code \`${spec.service}\`, create it in 菜单管理 or
change \`menu.parent\` in the definition.

## Lines to add to the shared files

1. \`lib/contracts/registry.ts\` (blade serves every definition listed there):

   \`\`\`ts
   import { ${n.resource} } from './${spec.service}/${n.base}';
   // in RESOURCE_DEFINITIONS:
   ${n.resource},
   \`\`\`
${special}
${step(2)}. \`blade/db/migrations/index.ts\`:

   \`\`\`ts
   import * as ${n.camel} from './${n.migration}';
   // in migrations:
   '${n.migration}': ${n.camel},
   \`\`\`

${step(3)}. \`messages/zh.json\` and \`messages/en.json\`: merge the \`${n.ns}\` object of the two message files.

${step(4)}. \`messages/zh.json\` and \`messages/en.json\`, in the \`menu\` object: the page's tab label (translate the English one):

   \`\`\`json
   ${JSON.stringify(n.code)}: ${JSON.stringify(spec.title)},
   \`\`\`

Then run \`NODE_OPTIONS=--experimental-vm-modules npx jest ${n.dir}/${n.base}.contract.test.ts --selectProjects api\`.
`;
}

export function generateModule(spec: GenSpec): ZipEntry[] {
  const n = names(spec);
  return [
    { name: 'README.md', content: readme(spec) },
    { name: n.contract, content: definition(spec) },
    ...(needsHooks(spec) ? [{ name: `${n.dir}/${n.base}.resource.ts`, content: hooks(spec) }] : []),
    { name: `blade/db/migrations/${n.migration}.ts`, content: migration(spec) },
    { name: `${n.dir}/${n.base}.contract.test.ts`, content: contractTest(spec) },
    { name: `components/${spec.service}/${n.base}-screen.tsx`, content: screen(spec) },
    { name: `app/(portal)/${spec.service}/${n.base}/page.tsx`, content: page(spec) },
    { name: `messages/${n.base}.zh.json`, content: messages(spec, 'zh') },
    { name: `messages/${n.base}.en.json`, content: messages(spec, 'en') },
  ];
}
