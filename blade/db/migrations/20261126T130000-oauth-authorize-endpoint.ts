/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import type { Kysely } from 'kysely';

// Issue 14, WeChat Open login (blade/modules/auth/sso.md): WeChat has no discovery, so a wechat_open source names its
// authorization page itself; blank = WeChat's own (open.weixin.qq.com/connect/qrconnect). OpenID Connect sources
// keep it blank: their endpoints come from discovery.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('blade_oauth_source')
    .addColumn('authorize_endpoint', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('blade_oauth_source').dropColumn('authorize_endpoint').execute();
}
