import type { Context } from 'hono';
import { z } from 'zod';
import { ValidationError } from '../../core/errors';
import { idListOf } from '../../core/validation';
import { FILE_ID } from './file.repository';

/**
 * The parameters of a Blade POST as clients send them: in the query string (Saber's `params`), a JSON body or a
 * urlencoded form. Later sources fill only what earlier ones left out; values are strings.
 */
export async function readInput(c: Context): Promise<Record<string, string>> {
  const out: Record<string, string> = { ...c.req.query() };
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return out;
  const type = c.req.header('content-type') ?? '';
  let body: Record<string, unknown> = {};
  if (/application\/json/i.test(type)) {
    try {
      const parsed: unknown = await c.req.json();
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        body = parsed as Record<string, unknown>;
      else throw new Error('not an object');
    } catch {
      throw new ValidationError('', '消息不能读取');
    }
  } else if (/application\/x-www-form-urlencoded/i.test(type)) {
    body = Object.fromEntries(new URLSearchParams(await c.req.text()));
  }
  for (const [k, v] of Object.entries(body)) {
    if (out[k] !== undefined && out[k] !== '') continue;
    if (v === null || v === undefined) continue;
    out[k] = Array.isArray(v) ? v.join(',') : String(v);
  }
  return out;
}

/** A file id from `field` (or `id`), else 400 on that field. */
export function fileIdOf(input: Record<string, string>, field = 'fileId'): string {
  const id = (input[field] || input.id || '').trim();
  if (!FILE_ID.test(id)) throw new ValidationError(field, '必须是有效的文件ID');
  return id;
}

const fileIdList = z.object({ ids: idListOf(FILE_ID, '必须是有效的文件ID', 500) });

/** A comma-separated list of 1 to 500 file ids (a list call's `ids`): the one id-list rule, with the files' cap. */
export function fileIdsOf(raw: string | undefined): string[] {
  return fileIdList.parse({ ids: raw ?? '' }).ids;
}
