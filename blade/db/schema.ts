import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

/** bigint in SQL, string in JS (pg returns int8 as text; the PGlite parser is configured the same way). */
export type Id = string;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** BaseEntity (contract §8.1). */
export interface AuditColumns {
  id: Id;
  create_user: Id | null;
  create_dept: Id | null;
  create_time: Timestamp;
  update_user: Id | null;
  update_time: Timestamp;
  status: Defaulted<number>;
  is_deleted: Defaulted<number>;
}

export interface TenantTable extends AuditColumns {
  tenant_id: string;
  tenant_name: string;
  domain: Defaulted<string>;
  background_url: Defaulted<string>;
  linkman: Defaulted<string>;
  contact_number: Defaulted<string>;
  address: Defaulted<string>;
  account_number: Defaulted<number>;
  expire_time: NullableTimestamp;
  package_id: Id | null;
}

export interface UserTable extends AuditColumns {
  tenant_id: string;
  code: Defaulted<string>;
  user_type: Defaulted<number>;
  account: string;
  password: string;
  name: Defaulted<string>;
  real_name: Defaulted<string>;
  avatar: Defaulted<string>;
  email: Defaulted<string>;
  phone: Defaulted<string>;
  birthday: NullableTimestamp;
  sex: ColumnType<number | null, number | null | undefined, number | null>;
  role_id: Defaulted<string>;
  dept_id: Defaulted<string>;
  post_id: Defaulted<string>;
}

export interface RoleTable {
  id: Id;
  tenant_id: string;
  parent_id: Defaulted<Id>;
  role_name: string;
  sort: Defaulted<number>;
  role_alias: string;
  is_deleted: Defaulted<number>;
}

export interface DeptTable {
  id: Id;
  tenant_id: string;
  parent_id: Defaulted<Id>;
  ancestors: Defaulted<string>;
  dept_category: Defaulted<number>;
  dept_name: string;
  full_name: Defaulted<string>;
  sort: Defaulted<number>;
  remark: Defaulted<string>;
  is_deleted: Defaulted<number>;
}

export interface PostTable extends AuditColumns {
  tenant_id: string;
  category: Defaulted<number>;
  post_code: string;
  post_name: string;
  sort: Defaulted<number>;
  remark: Defaulted<string>;
}

export interface MenuTable {
  id: Id;
  parent_id: Defaulted<Id>;
  code: string;
  name: string;
  alias: Defaulted<string>;
  path: Defaulted<string>;
  source: Defaulted<string>;
  sort: Defaulted<number>;
  category: Defaulted<number>;
  action: Defaulted<number>;
  is_open: Defaulted<number>;
  remark: Defaulted<string>;
  is_deleted: Defaulted<number>;
}

export interface RoleMenuTable {
  id: Id;
  tenant_id: string;
  menu_id: Id;
  role_id: Id;
}

export interface TopMenuTable extends AuditColumns {
  tenant_id: string;
  code: string;
  name: string;
  source: Defaulted<string>;
  path: Defaulted<string>;
  sort: Defaulted<number>;
}

export interface TopMenuSettingTable {
  id: Id;
  tenant_id: string;
  top_menu_id: Id;
  menu_id: Id;
}

export interface DictTable {
  id: Id;
  parent_id: Defaulted<Id>;
  code: string;
  dict_key: string;
  dict_value: string;
  sort: Defaulted<number>;
  remark: Defaulted<string>;
  is_sealed: Defaulted<number>;
  is_deleted: Defaulted<number>;
}

export interface DictBizTable extends DictTable {
  tenant_id: string;
}

export interface ParamTable extends AuditColumns {
  param_name: string;
  param_key: string;
  param_value: Defaulted<string>;
  remark: Defaulted<string>;
}

export interface ClientTable extends AuditColumns {
  client_id: string;
  /** argon2id hash of the secret, never the secret itself. */
  client_secret: string;
  resource_ids: Defaulted<string>;
  scope: Defaulted<string>;
  authorized_grant_types: Defaulted<string>;
  web_server_redirect_uri: Defaulted<string>;
  authorities: Defaulted<string>;
  access_token_validity: number;
  refresh_token_validity: number;
  additional_information: Defaulted<string>;
  autoapprove: Defaulted<string>;
}

export interface AuthSessionTable {
  id: Id;
  tenant_id: string;
  user_id: Id;
  client_id: string;
  /** The dept/role picked at login (Dept-Id/Role-Id); null = all of the user's. */
  dept_id: Id | null;
  role_id: Id | null;
  created: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface RefreshTokenTable {
  jti: string;
  tenant_id: string;
  session_id: Id;
  created: Timestamp;
  expires_at: Date | string;
  replaced_at: NullableTimestamp;
}

export interface CaptchaTable {
  key: string;
  answer: string;
  expires_at: Date | string;
}

export interface LoginFailureTable {
  tenant_id: string;
  account: string;
  /** '' for the per-account counter, the client address for the per-account+address counter. */
  ip: string;
  failures: number;
  first_failure_at: Date | string;
  locked_until: NullableTimestamp;
}

export interface Database {
  blade_tenant: TenantTable;
  blade_user: UserTable;
  blade_role: RoleTable;
  blade_dept: DeptTable;
  blade_post: PostTable;
  blade_menu: MenuTable;
  blade_role_menu: RoleMenuTable;
  blade_top_menu: TopMenuTable;
  blade_top_menu_setting: TopMenuSettingTable;
  blade_dict: DictTable;
  blade_dict_biz: DictBizTable;
  blade_param: ParamTable;
  blade_client: ClientTable;
  blade_auth_session: AuthSessionTable;
  blade_refresh_token: RefreshTokenTable;
  blade_captcha: CaptchaTable;
  blade_login_failure: LoginFailureTable;
}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type MenuRow = Selectable<MenuTable>;
export type DeptRow = Selectable<DeptTable>;
export type RoleRow = Selectable<RoleTable>;
export type TenantRow = Selectable<TenantTable>;
export type ParamRow = Selectable<ParamTable>;
export type DictRow = Selectable<DictTable>;
export type TopMenuRow = Selectable<TopMenuTable>;
export type PostRow = Selectable<PostTable>;

/** Tables carrying tenant_id and protected by row-level security. */
export const TENANT_TABLES = [
  'blade_user',
  'blade_role',
  'blade_dept',
  'blade_post',
  'blade_role_menu',
  'blade_top_menu',
  'blade_top_menu_setting',
  'blade_dict_biz',
  'blade_auth_session',
  'blade_refresh_token',
  'blade_login_failure',
] as const satisfies ReadonlyArray<keyof Database>;
