import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Context } from 'hono';
import { sql, type SelectQueryBuilder } from 'kysely';
import en from '../../messages/en.json';
import zh from '../../messages/zh.json';
import { messageText, type FieldDef, type ResourceDef } from '../../lib/contracts/resource';
import type { BladeEnv } from './context';
import type { Db } from '../db/tenant';

/**
 * A resource's list as an Excel workbook, written while it streams: rows are read in chunks (each in a short
 * transaction of its own) and committed to the sheet one by one, so memory stays flat whatever the row count. The
 * columns are the list's (labels in the caller's language, dictionary codes as their labels, amounts as numbers with
 * two decimals); `X-Total-Count` tells the browser how many rows are coming, for its progress.
 */

/** Rows per read: large enough to keep the reads few, small enough to keep each one short. */
export const EXPORT_CHUNK = 1000;
/** The most rows one export writes (an Excel sheet holds 1,048,576); the answer says when it stopped there. */
export const EXPORT_MAX_ROWS = 1_000_000;

type Answer = Record<string, unknown>;

export interface ExportSource {
  def: ResourceDef;
  language: 'zh' | 'en';
  total(): Promise<number>;
  chunk(offset: number, size: number): Promise<Answer[]>;
  dictionaries(codes: string[]): Promise<Map<string, Map<string, string>>>;
}

export async function countRows(base: SelectQueryBuilder<never, never, object>): Promise<number> {
  const row = (await base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow()) as {
    total: string;
  };
  return Number(row.total);
}

/** Labels of the dictionaries' items, by dictionary code and item key. */
export async function dictionaryLabels(trx: Db, codes: string[]): Promise<Map<string, Map<string, string>>> {
  const labels = new Map(codes.map((code) => [code, new Map<string, string>()]));
  if (codes.length === 0) return labels;
  const rows = await trx
    .selectFrom('blade_dict')
    .select(['code', 'dict_key', 'dict_value'])
    .where('code', 'in', codes)
    .where('parent_id', '<>', '0')
    .where('is_deleted', '=', 0)
    .execute();
  for (const row of rows) labels.get(row.code)?.set(row.dict_key, row.dict_value);
  return labels;
}

/** The columns of the export: the list's fields, in the definition's order, and the extra names it declares. */
function columnsOf(def: ResourceDef, language: 'zh' | 'en') {
  const messages = language === 'en' ? en : zh;
  const fields = Object.entries(def.fields).filter(([, f]) => f.list !== false && !f.writeOnly);
  return [
    ...fields.map(([name, field]) => ({ name, field, header: messageText(messages, field.label) })),
    ...(def.exportExtras ?? []).map((extra) => ({
      name: extra.name,
      field: undefined as FieldDef | undefined,
      header: messageText(messages, extra.label),
    })),
  ];
}

export async function exportXlsx(c: Context<BladeEnv>, source: ExportSource): Promise<Response> {
  const { def, language } = source;
  const total = Math.min(await source.total(), EXPORT_MAX_ROWS);
  const columns = columnsOf(def, language);
  const dicts = await source.dictionaries([
    ...new Set(columns.flatMap((col) => (col.field?.dict ? [col.field.dict] : []))),
  ]);
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const title = messageText(language === 'en' ? en : zh, `${def.key}.title`);
  const sheet = workbook.addWorksheet(title === `${def.key}.title` ? 'Sheet1' : title.slice(0, 31));
  sheet.columns = columns.map((col) => ({
    header: col.header,
    key: col.name,
    width: col.field?.kind === 'money' ? 16 : Math.min(Math.max(col.header.length * 2 + 4, 12), 40),
    style: col.field?.kind === 'money' ? { numFmt: '#,##0.00' } : {},
  }));
  const cell = (col: (typeof columns)[number], value: unknown) => {
    if (value === null || value === undefined || value === '') return null;
    if (col.field?.kind === 'money') return Number(value);
    if (col.field?.dict) return dicts.get(col.field.dict)?.get(String(value)) ?? String(value);
    return typeof value === 'object' ? JSON.stringify(value) : (value as string | number);
  };
  void (async () => {
    try {
      for (let offset = 0; offset < total; offset += EXPORT_CHUNK) {
        const rows = await source.chunk(offset, Math.min(EXPORT_CHUNK, total - offset));
        for (const row of rows)
          sheet
            .addRow(Object.fromEntries(columns.map((col) => [col.name, cell(col, row[col.name])])))
            .commit();
        if (rows.length < EXPORT_CHUNK) break;
        // Let the response drain before the next chunk: a slow download does not pile rows up in memory.
        if (stream.writableNeedDrain) await new Promise((resolve) => stream.once('drain', resolve));
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      stream.destroy(err as Error);
    }
  })();
  const filename = `${title}-${new Date().toISOString().slice(0, 10)}.xlsx`;
  return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
    'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'Content-Disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    'X-Total-Count': String(total),
    'Cache-Control': 'no-store',
  });
}
