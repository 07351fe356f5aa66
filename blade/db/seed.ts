import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type Insertable, type Transaction } from 'kysely';
import { nextId } from '../core/ids';
import { hashPassword, md5Hex } from '../modules/auth/password';
import { menuRow, platformGrantRow } from './menu-rows';
import type { Database, MenuTable, RoleMenuTable } from './schema';
import type { Db } from './tenant';
import { DEPTS, DICTS, MENUS, PARAMS, PLATFORM_TENANT, POSTS, ROLES, type SeedMenu } from './seed-data';

export interface SeedOptions {
  adminPassword?: string;
  /** Where the generated admin password is kept; undefined = nowhere (in-memory databases). */
  passwordFile?: string;
  log: (line: string) => void;
}

const SEED_LOCK = 7_351_001;

/** Flattens the seed tree into menu rows and role grants, parents before children. */
function menuRows(
  menus: SeedMenu[],
  parentId: string,
  roleIds: Map<string, string>,
  out: { menus: Insertable<MenuTable>[]; grants: Insertable<RoleMenuTable>[] },
) {
  for (const menu of menus) {
    const id = nextId();
    out.menus.push(menuRow(menu, id, parentId));
    for (const key of new Set<string>(['administrator', ...menu.grant]))
      out.grants.push(platformGrantRow(id, roleIds.get(key)!));
    if (menu.children) menuRows(menu.children, id, roleIds, out);
  }
  return out;
}

async function insertMenus(trx: Transaction<Database>, roleIds: Map<string, string>) {
  const rows = menuRows(MENUS, '0', roleIds, { menus: [], grants: [] });
  await trx.insertInto('blade_menu').values(rows.menus).execute();
  await trx.insertInto('blade_role_menu').values(rows.grants).execute();
}

/**
 * The seeded dictionaries a database lacks (a code that exists, even deleted, is the administrator's data and left
 * alone): a new database gets them all, an existing one those added since, at every start.
 */
export async function ensureDicts(db: Db | Transaction<Database>): Promise<string[]> {
  const known = new Set(
    (
      await db
        .selectFrom('blade_dict')
        .select('code')
        .where('parent_id', '=', '0')
        .where(
          'code',
          'in',
          DICTS.map((d) => d.code),
        )
        .execute()
    ).map((r) => r.code),
  );
  const missing = DICTS.filter((dict) => !known.has(dict.code));
  for (const dict of missing) {
    const headerId = nextId();
    await db
      .insertInto('blade_dict')
      .values({
        id: headerId,
        parent_id: '0',
        code: dict.code,
        dict_key: '-1',
        dict_value: dict.name,
        sort: 0,
        remark: '',
      })
      .execute();
    await db
      .insertInto('blade_dict')
      .values(
        dict.items.map(([key, value], i) => ({
          id: nextId(),
          parent_id: headerId,
          code: dict.code,
          dict_key: key,
          dict_value: value,
          sort: i + 1,
          remark: '',
        })),
      )
      .execute();
  }
  return missing.map((d) => d.code);
}

/** Seeds an empty database in one transaction; a no-op once blade_tenant has rows. Returns whether it seeded. */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const generated = options.adminPassword ? undefined : randomBytes(15).toString('base64url');
  const password = options.adminPassword ?? generated!;
  const passwordHash = await hashPassword(md5Hex(password));
  const tenantId = PLATFORM_TENANT.tenantId;

  const seeded = await db.transaction().execute(async (trx) => {
    // Several processes may start on one PostgreSQL at once; the lock makes the emptiness check reliable.
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    await sql`select set_config('app.tenant_id', ${tenantId}, true)`.execute(trx);
    const existing = await trx.selectFrom('blade_tenant').select('id').limit(1).executeTakeFirst();
    if (existing) return false;

    await trx
      .insertInto('blade_tenant')
      .values({
        id: nextId(),
        tenant_id: tenantId,
        tenant_name: PLATFORM_TENANT.tenantName,
        domain: '',
        background_url: '',
        linkman: '',
        contact_number: '',
        address: '',
      })
      .execute();

    const rootDept = nextId();
    await trx
      .insertInto('blade_dept')
      .values([
        {
          id: rootDept,
          tenant_id: tenantId,
          parent_id: '0',
          ancestors: '0',
          dept_name: DEPTS.root,
          full_name: DEPTS.root,
          sort: 1,
          remark: '',
        },
        ...DEPTS.children.map((name, i) => ({
          id: nextId(),
          tenant_id: tenantId,
          parent_id: rootDept,
          ancestors: `0,${rootDept}`,
          dept_name: name,
          full_name: name,
          sort: i + 1,
          remark: '',
        })),
      ])
      .execute();

    const roleIds = new Map<string, string>(ROLES.map((r) => [r.key, nextId()]));
    await trx
      .insertInto('blade_role')
      .values(
        ROLES.map((r) => ({
          id: roleIds.get(r.key)!,
          tenant_id: tenantId,
          parent_id: '0',
          role_name: r.name,
          role_alias: r.alias,
          sort: r.sort,
        })),
      )
      .execute();

    const postIds = POSTS.map(() => nextId());
    await trx
      .insertInto('blade_post')
      .values(
        POSTS.map((p, i) => ({
          id: postIds[i],
          tenant_id: tenantId,
          category: p.category,
          post_code: p.code,
          post_name: p.name,
          sort: p.sort,
          remark: '',
        })),
      )
      .execute();

    await trx
      .insertInto('blade_user')
      .values({
        id: nextId(),
        tenant_id: tenantId,
        account: 'admin',
        password: passwordHash,
        name: '管理员',
        real_name: '管理员',
        role_id: roleIds.get('administrator')!,
        dept_id: rootDept,
        post_id: postIds[0],
      })
      .execute();

    await insertMenus(trx, roleIds);
    await ensureDicts(trx);
    await trx
      .insertInto('blade_param')
      .values(
        PARAMS.map((p) => ({
          id: nextId(),
          param_name: p.name,
          param_key: p.key,
          param_value: p.value,
          remark: '',
        })),
      )
      .execute();
    return true;
  });

  if (seeded && generated) {
    let where = '';
    if (options.passwordFile) {
      mkdirSync(path.dirname(options.passwordFile), { recursive: true });
      writeFileSync(options.passwordFile, `${generated}\n`, { mode: 0o600 });
      chmodSync(options.passwordFile, 0o600);
      where = `  (also in ${options.passwordFile})`;
    }
    options.log(`[blade] admin password (tenant ${tenantId}): ${generated}${where}`);
  }
  return seeded;
}
