import { sql } from 'kysely';
import type { Db } from '../../db/tenant';

export async function storeCaptcha(db: Db, key: string, answer: string, ttlSeconds: number): Promise<void> {
  await db
    .deleteFrom('blade_captcha')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  await db
    .insertInto('blade_captcha')
    .values({
      key,
      answer: answer.toLowerCase(),
      expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})`,
    })
    .execute();
}

/** Single use: the row is deleted whether or not the answer matches, and whether or not it has expired. */
export async function consumeCaptcha(db: Db, key: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('blade_captcha')
    .where('key', '=', key)
    .returning(['answer', sql<boolean>`expires_at > now()`.as('live')])
    .executeTakeFirst();
  return row?.live ? row.answer : undefined;
}

/** Test hook only. */
export async function peekCaptcha(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('blade_captcha').select('answer').where('key', '=', key).executeTakeFirst();
  return row?.answer;
}
