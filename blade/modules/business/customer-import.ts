import ExcelJS from 'exceljs';
import {
  CUSTOMER_IMPORT_COLUMNS,
  CUSTOMER_IMPORT_MAX_BYTES,
  CUSTOMER_IMPORT_MAX_ROWS,
  customerResource,
} from '../../../lib/contracts/business/customer';
import { missingRequired, submitSchema } from '../../../lib/contracts/resource';
import { KeyedError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';

/**
 * Reading and checking a customers' Excel import (blade/modules/business/customers.md): the file's shape here, the
 * rows against each other and the form's rules; the stored customers are compared in the route's transaction.
 */

type ImportField = keyof typeof CUSTOMER_IMPORT_COLUMNS;

/** One refusal of the report: the sheet's row number (the header is row 1), the field and the zh text. */
export interface ImportProblem {
  row: number;
  field: string;
  message: string;
}

/** A row of the sheet as texts, by field. */
export interface SheetRow {
  row: number;
  values: Partial<Record<ImportField, string>>;
}

/** A checked row: the values as the add call would store them. */
export interface CustomerDraft {
  row: number;
  values: Record<string, string>;
}

const MB = 1024 * 1024;
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * What an .xlsx holds when inflated may be many times its size: the zip's central directory declares every entry's
 * size, and a file that declares more than this (or uses ZIP64, which no 5 MB sheet needs) is refused before
 * ExcelJS inflates anything. 5,000 rows of seven fields inflate to a few MB.
 */
const MAX_INFLATED_BYTES = 100 * MB;

/** The sum of the entries' declared uncompressed sizes, or undefined when the directory cannot be read. */
function declaredInflatedSize(bytes: Buffer): number | undefined {
  // The end-of-central-directory record: 22 bytes plus a comment of at most 64 kB, at the end of the file.
  const floor = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= floor; i--)
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) return undefined;
  const entries = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) return undefined;
    const size = bytes.readUInt32LE(offset + 24);
    if (size === 0xffffffff) return undefined;
    total += size;
    offset +=
      46 +
      bytes.readUInt16LE(offset + 28) +
      bytes.readUInt16LE(offset + 30) +
      bytes.readUInt16LE(offset + 32);
  }
  return total;
}

/** The upload as a buffer, refused unless it is an .xlsx (a zip) of at most 5 MB. */
export async function importBytes(file: File): Promise<Buffer> {
  if (file.size > CUSTOMER_IMPORT_MAX_BYTES)
    throw new KeyedError('business.customer.import.fileTooLarge', { max: CUSTOMER_IMPORT_MAX_BYTES / MB });
  // A name, when the client sends one, says what the file is; the bytes must agree (an .xls is no zip).
  if (file.name && /\.[^.]+$/.test(file.name) && !/\.xlsx$/i.test(file.name))
    throw new KeyedError('business.customer.import.fileType');
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length < 4 || !bytes.subarray(0, 4).equals(ZIP_MAGIC))
    throw new KeyedError('business.customer.import.fileType');
  const inflated = declaredInflatedSize(bytes);
  if (inflated === undefined || inflated > MAX_INFLATED_BYTES)
    throw new KeyedError('business.customer.import.unreadable');
  return bytes;
}

/** A cell's value as the text a person typed: rich text joined, a formula's result, a day as yyyy-MM-dd. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value)
    return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
  return '';
}

/**
 * The first worksheet's rows below the header, as texts by field. The header names the columns
 * (CUSTOMER_IMPORT_COLUMNS, any order); 客户名称 is required, other columns may be left out. Blank rows are skipped.
 */
export async function readSheet(bytes: Buffer): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new KeyedError('business.customer.import.unreadable');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new KeyedError('business.customer.import.empty');
  const byLabel = new Map<string, string>(
    Object.entries(CUSTOMER_IMPORT_COLUMNS).map(([field, label]) => [label, field]),
  );
  const columns = new Map<number, ImportField>();
  sheet.getRow(1).eachCell((cell, column) => {
    const field = byLabel.get(cellText(cell.value).trim()) as ImportField | undefined;
    if (field && ![...columns.values()].includes(field)) columns.set(column, field);
  });
  if (![...columns.values()].includes('customerName'))
    throw new KeyedError('business.customer.import.headerMissing', {
      label: CUSTOMER_IMPORT_COLUMNS.customerName,
    });
  const rows: SheetRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values: SheetRow['values'] = {};
    for (const [column, field] of columns) {
      const text = cellText(row.getCell(column).value).trim();
      if (text) values[field] = text;
    }
    if (Object.keys(values).length === 0) return;
    // Counted as they come: a sheet of a million rows is refused at the first one past the limit.
    if (rows.length === CUSTOMER_IMPORT_MAX_ROWS)
      throw new KeyedError('business.customer.import.tooManyRows', { max: CUSTOMER_IMPORT_MAX_ROWS });
    rows.push({ row: number, values });
  });
  if (rows.length === 0) throw new KeyedError('business.customer.import.empty');
  return rows;
}

/** The dictionary's items: a cell may give the key (1) or the label (制造企业). */
export type TypeItems = readonly { key: string; label: string }[];

/**
 * Every row checked with the add call's rules (the definition's submitSchema and missingRequired), the customer type
 * resolved, and names and credit codes compared with the rows above: the drafts of the good rows and the problems.
 */
export function checkRows(
  rows: readonly SheetRow[],
  types: TypeItems,
): { drafts: CustomerDraft[]; problems: ImportProblem[] } {
  const schema = submitSchema(customerResource, zhText);
  const fields = customerResource.fields;
  const problems: ImportProblem[] = [];
  const drafts: CustomerDraft[] = [];
  const firstName = new Map<string, number>();
  const firstCode = new Map<string, number>();
  for (const { row, values } of rows) {
    const before = problems.length;
    const input: Record<string, string> = { ...values };
    if (values.customerType) {
      const type = types.find((t) => t.key === values.customerType || t.label === values.customerType);
      if (type) input.customerType = type.key;
      else {
        delete input.customerType;
        problems.push({
          row,
          field: 'customerType',
          message: zhText('business.customer.import.typeUnknown'),
        });
      }
    }
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push({ row, field: String(issue.path[0] ?? ''), message: issue.message });
    }
    const output = (parsed.success ? parsed.data : {}) as Record<string, string | undefined>;
    const missing = missingRequired(customerResource, parsed.success ? output : input);
    if (missing?.required) {
      const field = Object.keys(fields).find((name) => fields[name as ImportField] === missing) ?? '';
      problems.push({ row, field, message: zhText(missing.required) });
    }
    const name = output.customerName ?? values.customerName?.trim();
    if (name) {
      const first = firstName.get(name);
      if (first !== undefined)
        problems.push({
          row,
          field: 'customerName',
          message: zhText('business.customer.import.nameRepeated', { row: first }),
        });
      else firstName.set(name, row);
    }
    const code = output.creditCode;
    if (code) {
      const first = firstCode.get(code);
      if (first !== undefined)
        problems.push({
          row,
          field: 'creditCode',
          message: zhText('business.customer.import.creditCodeRepeated', { row: first }),
        });
      else firstCode.set(code, row);
    }
    if (problems.length === before && parsed.success) {
      // Stored as the add call stores a field it was not given: blank text.
      const stored: Record<string, string> = {};
      for (const [field, def] of Object.entries(fields))
        stored[def.column] = String(output[field as ImportField] ?? '');
      drafts.push({ row, values: stored });
    }
  }
  return { drafts, problems };
}

/** The report's order: by row, then by the field's place in the form. */
export function sortProblems(problems: ImportProblem[]): ImportProblem[] {
  const order = Object.keys(customerResource.fields);
  return [...problems].sort((a, b) => a.row - b.row || order.indexOf(a.field) - order.indexOf(b.field));
}
