import { RESOURCE_DEFINITIONS } from '../../lib/contracts/registry';
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
  /** Platform extension text (`user/update-platform`). */
  user_ext: Defaulted<string>;
  /** A customer user's company (blade_customer_company); null for staff. */
  company_id: ColumnType<Id | null, Id | null | undefined, Id | null>;
  /** 1: a code sent to the phone may sign the user in (the SMS login); 0: the user turned it off (my/updateEable). */
  sms_login: Defaulted<number>;
}

/** A customer company registered on the customer host (blade/modules/customer). */
export interface CustomerCompanyTable extends AuditColumns {
  tenant_id: string;
  company_name: string;
  /** Unified social credit code, GB 32100-2015 (18 characters, check digit last). */
  credit_code: string;
  address: Defaulted<string>;
  contact_name: Defaulted<string>;
  contact_phone: Defaulted<string>;
  email: Defaulted<string>;
}

export interface RoleTable extends AuditColumns {
  tenant_id: string;
  parent_id: Defaulted<Id>;
  role_name: string;
  sort: Defaulted<number>;
  role_alias: string;
  is_deleted: Defaulted<number>;
}

export interface DeptTable extends AuditColumns {
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

/** The audit columns since migration 20261125T170601-menu-audit (the CRUD router stamps its writes). */
export interface MenuTable extends AuditColumns {
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

export interface DictTable extends AuditColumns {
  parent_id: Defaulted<Id>;
  code: string;
  dict_key: string;
  dict_value: string;
  sort: Defaulted<number>;
  remark: Defaulted<string>;
  is_sealed: Defaulted<number>;
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
  /** Screen lock: while set, the session's tokens reach only unlock and logout (auth.middleware.ts). */
  locked_at: NullableTimestamp;
  /** argon2id of the lock password, set by the session's first lock. */
  lock_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** Wrong lock passwords in a row; too many end the session. */
  unlock_failures: Defaulted<number>;
  /** A guest session of an unknown third-party account (SSO/social login): its blade_user_oauth uuid; else ''. */
  oauth_id: Defaulted<string>;
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
  /**
   * '' for the per-account counter, the client address for the per-account+address counter, '#old-password' for
   * wrong old passwords given to a password change (login-failure.repository.ts).
   */
  ip: string;
  failures: number;
  first_failure_at: Date | string;
  locked_until: NullableTimestamp;
}

export interface MessageTable extends AuditColumns {
  tenant_id: string;
  /** The recipient. */
  user_id: Id;
  /** 1 mail, 2 message, 3 notice (the three tabs of the top bar's popover). */
  category: Defaulted<number>;
  title: string;
  content: Defaulted<string>;
  sender: Defaulted<string>;
  is_readed: Defaulted<number>;
  read_time: NullableTimestamp;
  /** Set on a grouped notice (message.repository sendGrouped): events of this kind add to it until it is read. */
  group_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** How many events a grouped notice stands for. */
  group_count: Defaulted<number>;
}

/** A fixed-window counter of one kind of call by one subject (core/rate-limit.ts). */
/** A verification code sent by e-mail or SMS (migration 20261126T030000): only its HMAC is kept. */
export interface VerifyCodeTable {
  id: Id;
  tenant_id: string;
  purpose: string;
  channel: 'email' | 'phone';
  target: string;
  user_id: Id | null;
  code_hash: string;
  tries: Defaulted<number>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  client_ip: Defaulted<string>;
  create_time: Defaulted<Date>;
}

/** The single-use proof a correct code or password is exchanged for (keyed by its HMAC). */
export interface VerifyKeyTable {
  key_hash: string;
  tenant_id: string;
  purpose: string;
  channel: 'email' | 'phone' | 'password';
  target: string;
  user_id: Id | null;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  create_time: Defaulted<Date>;
}

export interface RateLimitTable {
  tenant_id: string;
  bucket: string;
  subject: string;
  window_start: ColumnType<Date, Date | string, Date | string>;
  hits: number;
}

/** Columns shared by blade_log_api, blade_log_error and blade_log_usual (contract §8.2). */
export interface LogColumns {
  id: Id;
  tenant_id: string;
  service_id: Defaulted<string>;
  server_host: Defaulted<string>;
  server_ip: Defaulted<string>;
  env: Defaulted<string>;
  method: Defaulted<string>;
  request_uri: Defaulted<string>;
  user_agent: Defaulted<string>;
  remote_ip: Defaulted<string>;
  method_class: Defaulted<string>;
  method_name: Defaulted<string>;
  params: Defaulted<string>;
  time: Defaulted<string>;
  create_by: Defaulted<string>;
  create_time: Timestamp;
}

export interface LogApiTable extends LogColumns {
  type: Defaulted<string>;
  title: Defaulted<string>;
}

export interface LogErrorTable extends LogColumns {
  stack_trace: Defaulted<string>;
  exception_name: Defaulted<string>;
  message: Defaulted<string>;
  line_number: ColumnType<number | null, number | null | undefined, number | null>;
  file_name: Defaulted<string>;
}

export interface LogUsualTable extends LogColumns {
  log_level: Defaulted<string>;
  log_id: Defaulted<string>;
  log_data: Defaulted<string>;
}

export interface UserOauthTable {
  id: Id;
  tenant_id: string;
  uuid: string;
  user_id: Id;
  source: Defaulted<string>;
  create_time: Timestamp;
}

/** A tenant's SSO or social login source (blade/modules/auth/sso.md). */
export interface OauthSourceTable extends AuditColumns {
  tenant_id: string;
  kind: string;
  source: string;
  name: string;
  issuer: string;
  client_id: string;
  /** Write-only: never answered (the answer says whether one is stored). */
  client_secret: Defaulted<string>;
  scopes: Defaulted<string>;
  /** The account unknown third-party persons are signed in as, to ask for an account; '' = refused. */
  guest_account: Defaulted<string>;
  enabled: Defaulted<number>;
  remark: Defaulted<string>;
  /** wechat_open only: its authorization page ('' = WeChat's own); OpenID Connect sources find theirs by discovery. */
  authorize_endpoint: Defaulted<string>;
}

/** A login begun at a source: single use, short-lived. */
export interface OauthStateTable {
  state_hash: string;
  tenant_id: string;
  source_id: Id;
  code_verifier: string;
  nonce: string;
  redirect_uri: string;
  expires_at: Date | string;
  create_time: Timestamp;
}

export interface EmailBindingTable {
  id: Id;
  tenant_id: string;
  user_id: Id;
  email: string;
  key_hash: string;
  expires_at: Date | string;
  used_at: NullableTimestamp;
  create_time: Timestamp;
}

/** blade_region (contract §8.2): global, keyed by code, no soft delete. */
export interface RegionTable {
  code: string;
  parent_code: string;
  ancestors: Defaulted<string>;
  name: string;
  province_code: Defaulted<string>;
  province_name: Defaulted<string>;
  city_code: Defaulted<string>;
  city_name: Defaulted<string>;
  district_code: Defaulted<string>;
  district_name: Defaulted<string>;
  town_code: Defaulted<string>;
  town_name: Defaulted<string>;
  village_code: Defaulted<string>;
  village_name: Defaulted<string>;
  level: number;
  sort: Defaulted<number>;
  remark: Defaulted<string>;
}

/** Object storage configuration; status 2 = enabled (one per tenant), 1 = off. */
export interface OssTable extends AuditColumns {
  tenant_id: string;
  category: Defaulted<number>;
  oss_code: string;
  endpoint: Defaulted<string>;
  transform_endpoint: Defaulted<string>;
  access_key: Defaulted<string>;
  secret_key: Defaulted<string>;
  bucket_name: Defaulted<string>;
  app_id: Defaulted<string>;
  region: Defaulted<string>;
  remark: Defaulted<string>;
}

/** SMS configuration; status 2 = enabled (one per tenant), 1 = off. */
export interface SmsTable extends AuditColumns {
  tenant_id: string;
  category: Defaulted<number>;
  sms_code: string;
  template_id: Defaulted<string>;
  access_key: Defaulted<string>;
  secret_key: Defaulted<string>;
  region_id: Defaulted<string>;
  sign_name: Defaulted<string>;
  remark: Defaulted<string>;
  /** scheme://host[:port]; '' = the category's documented endpoint (lib/contracts/system/sms.ts). */
  endpoint: Defaulted<string>;
  /** Tencent's SmsSdkAppId. */
  app_id: Defaulted<string>;
}

/** A tenant's mail server (migration 20261126T030100); status 2 = the enabled one. */
export interface MailTable extends AuditColumns {
  tenant_id: string;
  mail_code: string;
  host: string;
  port: number;
  /** 1: TLS from the first byte (smtps, usually 465); 0: STARTTLS when the server offers it (587, 25). */
  secure: Defaulted<number>;
  username: Defaulted<string>;
  password: Defaulted<string>;
  from_address: string;
  from_name: Defaulted<string>;
  remark: Defaulted<string>;
}

export interface SmsLogTable {
  id: Id;
  tenant_id: string;
  sms_id: Id;
  sms_code: string;
  provider: string;
  /** Masked (138****0000), comma-joined. */
  phones: string;
  phone_count: number;
  param_keys: Defaulted<string>;
  success: number;
  /** sent (the vendor accepted it), logged (the development channel: not sent) or failed. */
  outcome: Defaulted<string>;
  message: Defaulted<string>;
  create_user: Id | null;
  create_time: Timestamp;
}

export interface DatasourceTable extends AuditColumns {
  name: string;
  driver_class: Defaulted<string>;
  url: Defaulted<string>;
  username: Defaulted<string>;
  /** Never returned by the API. */
  password: Defaulted<string>;
  remark: Defaulted<string>;
}

export interface ModelTable extends AuditColumns {
  datasource_id: Id | null;
  model_name: string;
  model_code: string;
  model_table: string;
  model_class: Defaulted<string>;
  model_remark: Defaulted<string>;
}

export interface ModelPrototypeTable extends AuditColumns {
  model_id: Id;
  jdbc_name: string;
  jdbc_type: Defaulted<string>;
  comment: Defaulted<string>;
  property_type: Defaulted<string>;
  property_name: Defaulted<string>;
  is_form: Defaulted<number>;
  is_row: Defaulted<number>;
  component_type: Defaulted<string>;
  dict_code: Defaulted<string>;
  is_required: Defaulted<number>;
  is_list: Defaulted<number>;
  is_query: Defaulted<number>;
  query_type: Defaulted<string>;
  sort: Defaulted<number>;
}

export interface CodeTable extends AuditColumns {
  model_id: Id | null;
  service_name: string;
  code_name: string;
  module_name: string;
  table_name: string;
  pk_name: Defaulted<string>;
  is_tenant: Defaulted<number>;
  remark: Defaulted<string>;
}

/** Files and archive catalogues (issue 5). Flags are 0/1 integers as on the wire. */
interface FileTenantAudit {
  tenant_id: string;
  create_user: Id | null;
  create_dept: Id | null;
  create_time: Timestamp;
  update_user: Id | null;
  update_time: Timestamp;
  status: Defaulted<number>;
  is_deleted: Defaulted<number>;
}

export interface FileTable extends FileTenantAudit {
  id: string;
  storage: string;
  object_key: string;
  original_filename: string;
  suffix: string;
  content_type: string;
  size: ColumnType<string, string | number, string | number>;
  sha256: string;
  function_code: string | null;
  data_id: string | null;
  file_catalog_id: Id | null;
  node_path: Defaulted<string>;
  is_saved: Defaulted<number>;
  has_problem: Defaulted<number>;
  problem_remark: Defaulted<string>;
  is_stamped: Defaulted<number>;
  stamped_not_saved: Defaulted<number>;
  stamped_file_id: string | null;
  source_file_id: string | null;
  kind: Defaulted<string>;
}

export interface FileFunctionTable extends FileTenantAudit {
  id: Id;
  function_code: string;
  function_name: string;
  use_position: Defaulted<string>;
  is_hidden: Defaulted<number>;
}

export interface FileCatalogTable extends FileTenantAudit {
  id: Id;
  parent_id: Defaulted<Id>;
  node_path: Defaulted<string>;
  catalog_name: string;
  catalog_code: Defaulted<string>;
  file_type: Defaulted<string>;
  file_node_prop: Defaulted<string>;
  file_node_type: Defaulted<string>;
  can_add_app_node: Defaulted<number>;
  can_upload: Defaulted<number>;
  must_upload: Defaulted<number>;
  can_cover: Defaulted<number>;
  can_download: Defaulted<number>;
  can_view: Defaulted<number>;
  can_del: Defaulted<number>;
  can_multi_upload: Defaulted<number>;
  max_file_size: Defaulted<number>;
  need_stamped: Defaulted<number>;
  sort: Defaulted<number>;
  remark: Defaulted<string>;
}

type NullableFlag = ColumnType<number | null, number | null | undefined, number | null>;

export interface FilePresetTable extends FileTenantAudit {
  id: Id;
  function_code: string;
  file_catalog_id: Id;
  can_add_app_node: NullableFlag;
  can_upload: NullableFlag;
  must_upload: NullableFlag;
  can_cover: NullableFlag;
  can_download: NullableFlag;
  can_view: NullableFlag;
  can_del: NullableFlag;
  can_multi_upload: NullableFlag;
  max_file_size: NullableFlag;
  need_stamped: NullableFlag;
  sort: Defaulted<number>;
}

export interface FileCatalogUsingTable extends FileTenantAudit {
  id: Id;
  function_code: string;
  data_id: string;
  catalog_id: Id | null;
  parent_id: Id | null;
  node_path: Defaulted<string>;
  catalog_name: string | null;
  remark: string | null;
  is_removed: Defaulted<number>;
}

export interface FileMissingTable {
  id: Id;
  tenant_id: string;
  business_type: number;
  data_id: string;
  file_catalog_id: Id;
  create_user: Id | null;
  create_time: Timestamp;
}

export interface FileHistoryTable {
  id: Id;
  tenant_id: string;
  file_id: string | null;
  data_id: string | null;
  file_catalog_id: Id | null;
  action: string;
  detail: Defaulted<string>;
  user_id: Id | null;
  account: Defaulted<string>;
  create_time: Timestamp;
}

/** Data scopes (global): which rows of a resource a role holding the scope sees. */
export interface ScopeDataTable extends AuditColumns {
  menu_id: Id;
  resource_code: string;
  scope_name: string;
  scope_field: Defaulted<string>;
  scope_class: Defaulted<string>;
  scope_column: Defaulted<string>;
  /** 1 all, 2 own records, 3 own dept, 4 own dept and children, 5 chosen depts (scope_value). */
  scope_type: Defaulted<number>;
  scope_value: Defaulted<string>;
  remark: Defaulted<string>;
}

/** API scopes (global): a call matching scope_path needs a role holding a scope on it. */
export interface ScopeApiTable extends AuditColumns {
  menu_id: Id;
  resource_code: string;
  scope_name: string;
  scope_path: string;
  scope_type: Defaulted<number>;
  remark: Defaulted<string>;
}

export interface RoleScopeTable {
  id: Id;
  tenant_id: string;
  /** 1 data scope, 2 API scope. */
  scope_category: number;
  scope_id: Id;
  role_id: Id;
}

export interface TenantPackageTable extends AuditColumns {
  package_name: string;
  /** Comma-joined menu ids. */
  menu_id: Defaulted<string>;
  remark: Defaulted<string>;
}

export interface PostRoleTable {
  id: Id;
  tenant_id: string;
  post_id: Id;
  role_id: Id;
  create_user: ColumnType<Id | null, Id | null | undefined, Id | null>;
  create_time: Timestamp;
}

export interface DeptExternalUserTable {
  id: Id;
  tenant_id: string;
  dept_id: Id;
  user_id: Id;
  create_user: ColumnType<Id | null, Id | null | undefined, Id | null>;
  create_time: Timestamp;
}

/** One row per state transition of any resource (core/action.ts). */
export interface StatusHistoryTable {
  id: Id;
  tenant_id: string;
  resource: string;
  record_id: Id;
  action: string;
  field: string;
  from_value: string;
  to_value: string;
  comment: Defaulted<string>;
  user_id: Id;
  create_time: Timestamp;
}

/** numeric(18,2) read as its decimal text (both drivers), written as decimal text. */
type Money = Defaulted<string>;
/** A calendar day, read and written as `yyyy-MM-dd` text. */
type Day = string | null;

/** jsonb: read as the parsed value, written as its JSON text. */
type Json<T> = ColumnType<T, string | undefined, string>;

/** One model of a certification unit (DOMAIN §1 applicationModel). */
export interface ApplicationModel {
  model: string;
  spec: string;
  isSampleModel: boolean;
  differenceNote: string;
}

/** Certification applications (blade/modules/application, lib/contracts/application/machine.ts). */
export interface ApplicationTable extends AuditColumns {
  tenant_id: string;
  scheme: string;
  cnex_type: string | null;
  application_no: string | null;
  batch_id: Id | null;
  company_id: Id | null;
  applicant_name: Defaulted<string>;
  applicant_credit_code: Defaulted<string>;
  applicant_address: Defaulted<string>;
  manufacturer_name: Defaulted<string>;
  manufacturer_credit_code: Defaulted<string>;
  manufacturer_address: Defaulted<string>;
  factory_name: Defaulted<string>;
  factory_credit_code: Defaulted<string>;
  factory_address: Defaulted<string>;
  contact_name: Defaulted<string>;
  contact_phone: Defaulted<string>;
  product_name: Defaulted<string>;
  product_category: Defaulted<string>;
  unit_no: Defaulted<string>;
  trademark: Defaulted<string>;
  application_type: Defaulted<string>;
  models: Json<ApplicationModel[]>;
  ex_markings: Json<string[]>;
  standards: Defaulted<string>;
  rated_params: Defaulted<string>;
  remark: Defaulted<string>;
  cert_number: Defaulted<string>;
  /** Written only by transitions (blade/core/action.ts transit). */
  flow_state: Defaulted<string>;
  is_finished: Defaulted<number>;
  sample_sent: Defaulted<number>;
  sample_courier_no: Defaulted<string>;
  sample_sent_at: NullableTimestamp;
  samples_received_at: NullableTimestamp;
  retreat_reason: Defaulted<string>;
  engineer_id: Id | null;
  tester_id: Id | null;
  inspector_id: Id | null;
  evaluator_id: Id | null;
  decider_id: Id | null;
  dept_id: Id | null;
  submitted_at: NullableTimestamp;
  accepted_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  certificate_id: Id | null;
  test_report_file_id: Id | null;
  test_conclusion: Defaulted<string>;
  inspection_conclusion: Defaulted<string>;
  evaluation_comment: Defaulted<string>;
}

export interface ApplicationBatchTable extends AuditColumns {
  tenant_id: string;
  batch_number: string;
  scheme: string;
  company_id: Id | null;
  step: Defaulted<number>;
  remark: Defaulted<string>;
}

/** Issue 16: a payment note (缴费通知单) of an application; amounts numeric(18,2) as decimal text. */
export interface PaymentNoteTable extends AuditColumns {
  tenant_id: string;
  note_no: string;
  /** Null for a mark order's note (subject_kind card_sale). */
  application_id: Id | null;
  company_id: Id | null;
  /** `application`, `card_sale` (migration 20261127T120000), `batch` or `cert_change` (20261127T140000). */
  subject_kind: Defaulted<string>;
  card_sale_id: Id | null;
  batch_id: Id | null;
  cert_change_id: Id | null;
  total_amount: string;
  paid_amount: Money;
  note_state: Defaulted<string>;
  due_date: string | null;
  payee_info: Defaulted<string>;
  remark: Defaulted<string>;
  issued_by: Id | null;
  cancel_reason: Defaulted<string>;
  cancelled_at: NullableTimestamp;
}

export interface CccCardGoodsTable extends AuditColumns {
  tenant_id: string;
  sku: string;
  size_mm: number;
  mark_type: string;
  pieces_per_sheet: number;
  pieces_per_pack: number;
  unit_price: string;
  stock_qty: Defaulted<number>;
  on_sale: Defaulted<number>;
  remark: Defaulted<string>;
}

export interface CccCardSaleTable extends AuditColumns {
  tenant_id: string;
  order_no: string;
  company_id: Id;
  /** Comma-joined certificate ids. */
  certificate_ids: Defaulted<string>;
  total_amount: Money;
  ship_to: Defaulted<string>;
  sale_state: Defaulted<string>;
  /** 1 while the order holds stock (reviewed up to shipped): a cancel or reject then returns it. */
  stock_reserved: Defaulted<number>;
  form_file_id: string | null;
  auth_letter_file_id: string | null;
  payment_note_id: Id | null;
  reject_reason: Defaulted<string>;
  tracking_no: Defaulted<string>;
  submitted_at: NullableTimestamp;
  reviewed_at: NullableTimestamp;
  paid_at: NullableTimestamp;
  shipped_at: NullableTimestamp;
  received_at: NullableTimestamp;
}

export interface CccCardSaleLineTable extends AuditColumns {
  tenant_id: string;
  sale_id: Id;
  line_no: number;
  goods_id: Id;
  quantity: number;
  unit_price: string;
  amount: string;
}

export interface PaymentNoteLineTable extends AuditColumns {
  tenant_id: string;
  note_id: Id;
  line_no: number;
  item: string;
  amount: string;
}

export interface PaymentVoucherTable extends AuditColumns {
  tenant_id: string;
  note_id: Id;
  company_id: Id | null;
  amount: string;
  pay_date: string;
  payer_name: string;
  file_id: string;
  voucher_state: Defaulted<string>;
  remark: Defaulted<string>;
  reject_reason: Defaulted<string>;
  checked_by: Id | null;
  checked_at: NullableTimestamp;
}

/** Laboratory equipment (modules/equipment, migration 20261127T130000). */
export interface EquipmentTable extends AuditColumns {
  tenant_id: string;
  asset_no: string;
  name: string;
  model: Defaulted<string>;
  serial_no: Defaulted<string>;
  location: Defaulted<string>;
  custodian_id: Defaulted<string>;
  measure_range: Defaulted<string>;
  accuracy: Defaulted<string>;
  cycle_months: Defaulted<number>;
  out_of_service: Defaulted<number>;
  remark: Defaulted<string>;
}

export interface EquipmentCertTable extends AuditColumns {
  tenant_id: string;
  equipment_id: Id;
  cert_no: string;
  agency: string;
  calibration_date: string;
  valid_to: string;
  result: string;
  file_id: Defaulted<string>;
  remark: Defaulted<string>;
}

export interface EquipmentUsageTable extends AuditColumns {
  tenant_id: string;
  equipment_id: Id;
  user_id: Id;
  start_time: Timestamp;
  end_time: Timestamp;
  purpose: Defaulted<string>;
  usage_state: Defaulted<string>;
  began_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  exception_reason: Defaulted<string>;
}

/** Issue 16: a customer company's invoice information (开票信息). */
export interface InvoiceInfoTable extends AuditColumns {
  tenant_id: string;
  company_id: Id;
  title: string;
  taxpayer_id: string;
  invoice_kind: string;
  address: Defaulted<string>;
  phone: Defaulted<string>;
  bank_name: Defaulted<string>;
  bank_account: Defaulted<string>;
  email: Defaulted<string>;
  is_default: Defaulted<number>;
}

/** Issue 16: an invoice application (the information snapshotted), issued, rejected or red-flushed by finance. */
export interface InvoiceApplicationTable extends AuditColumns {
  tenant_id: string;
  application_no: string;
  company_id: Id;
  info_id: Id;
  title: string;
  taxpayer_id: string;
  invoice_kind: string;
  address: Defaulted<string>;
  phone: Defaulted<string>;
  bank_name: Defaulted<string>;
  bank_account: Defaulted<string>;
  email: Defaulted<string>;
  amount: string;
  invoice_state: Defaulted<string>;
  invoice_no: Defaulted<string>;
  invoice_date: string | null;
  file_id: Defaulted<string>;
  reject_reason: Defaulted<string>;
  red_flush_reason: Defaulted<string>;
  remark: Defaulted<string>;
  issued_by: Id | null;
  issued_at: NullableTimestamp;
}

/** Issue 16: the amount an invoice application takes from one payment note (active while applied or issued). */
export interface InvoiceNoteTable extends AuditColumns {
  tenant_id: string;
  invoice_id: Id;
  note_id: Id;
  amount: string;
  active: Defaulted<number>;
}

export interface FactoryCheckTable extends AuditColumns {
  tenant_id: string;
  application_id: Id;
  check_date: string;
  inspector_id: Id;
  result: string;
  nc_items: Defaulted<string>;
  conclusion: Defaulted<string>;
  report_file_id: Id | null;
}

export interface CertificateTable extends AuditColumns {
  tenant_id: string;
  cert_number: string;
  version: Defaulted<number>;
  scheme: string;
  cnex_type: string | null;
  application_id: Id;
  company_id: Id | null;
  holder_name: Defaulted<string>;
  manufacturer_name: Defaulted<string>;
  factory_name: Defaulted<string>;
  product_name: Defaulted<string>;
  product_category: Defaulted<string>;
  models: Json<ApplicationModel[]>;
  ex_markings: Json<string[]>;
  standards: Defaulted<string>;
  issue_date: string;
  valid_to: string;
  cert_status: Defaulted<string>;
  issued_by: Id | null;
  holder_address: Defaulted<string>;
  manufacturer_address: Defaulted<string>;
  factory_address: Defaulted<string>;
  /** The later version that replaced this one (modules/cert-change); null: the current version. */
  superseded_by: Id | null;
  superseded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface CertChangeTable extends AuditColumns {
  tenant_id: string;
  change_no: string | null;
  scheme: string;
  certificate_id: Id;
  cert_number: string;
  cert_version: number;
  company_id: Id;
  change_types: Json<string[]>;
  before_data: Json<Record<string, unknown>>;
  after_data: Json<Record<string, unknown>>;
  needs_test: Defaulted<number>;
  needs_factory_visit: Defaulted<number>;
  reason: Defaulted<string>;
  change_state: Defaulted<string>;
  return_reason: Defaulted<string>;
  reject_reason: Defaulted<string>;
  submitted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  accepted_by: Id | null;
  evaluated_by: Id | null;
  decided_by: Id | null;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  new_certificate_id: Id | null;
}

export interface NumberCounterTable {
  tenant_id: string;
  counter_key: string;
  /** bigint, read as text by both drivers. */
  last_value: ColumnType<string, string | number, string | number>;
}

export interface CnexTrainerTable extends AuditColumns {
  tenant_id: string;
  cnex_id: Id;
  company_id: Id | null;
  name: string;
  id_card_no: Defaulted<string>;
  gender: Defaulted<string>;
  education: Defaulted<string>;
  employer: Defaulted<string>;
  units: Defaulted<string>;
  experience_years: Defaulted<number>;
  phone: Defaulted<string>;
  register_form_scan_id: Id | null;
  train_student_file_id: Id | null;
  trainer_state: Defaulted<string>;
  submitted_at: NullableTimestamp;
}

/** Columns of the project, its contracts, batches and receipts (blade/modules/business). */
interface BusinessColumns extends AuditColumns {
  tenant_id: string;
  /** The project's department, copied down: the `project` data scope reads it. */
  dept_id: Id | null;
}

export interface ProjectTable extends BusinessColumns {
  project_status: Defaulted<string>;
  project_type: Defaulted<string>;
  project_name: string;
  project_unit: Defaulted<string>;
  project_amount: Money;
  received_amount: Money;
  unpaid_amount: Money;
  paid_amount: Money;
  residue_amount: Money;
  remark: Defaulted<string>;
  acceptance_date: Day;
  warranty_period: number | null;
  warranty_expire: Day;
}

/** Suffixes of the values of fields searched by fragment (migration 20261127T150000), kept by a trigger. */
export interface FragmentIndexTable {
  tenant_id: string;
  /** "table.column" */
  source: string;
  row_id: string;
  suffix: string;
}

export interface ContractTable extends BusinessColumns {
  project_id: Id;
  contract_status: Defaulted<string>;
  contract_type: Defaulted<string>;
  payment_method: Defaulted<string>;
  contract_name: string;
  contract_code: string;
  signed_date: Day;
  contract_amount: string;
  received_amount: Money;
  unpaid_amount: Money;
  acceptance_date: Day;
  warranty_period: number | null;
  warranty_expire: Day;
  max_file_size: number | null;
  remark: Defaulted<string>;
}

export interface ContractBatchTable extends BusinessColumns {
  contract_id: Id;
  batch_name: string;
  /** numeric(5,2) as text. */
  percent: string;
  batch_amount: Money;
  received_amount: Money;
  unpaid_amount: Money;
  bank_transaction_number: Defaulted<string>;
  abnormal: Defaulted<number>;
  abnormal_reason: Defaulted<string>;
  planned_date: Day;
}

export interface RealCostTable extends BusinessColumns {
  project_id: Id;
  pay_type: Defaulted<string>;
  supplier: string;
  cost_date: string;
  pay_amount: string;
  paid_amount: Money;
  unpaid_amount: Money;
  remark: Defaulted<string>;
}

export interface PayRecordTable extends BusinessColumns {
  cost_id: Id;
  project_id: Id;
  paid_date: string;
  paid_amount: string;
  pay_way: Defaulted<string>;
  invoice_code: Defaulted<string>;
  remark: Defaulted<string>;
}

export interface CostPlanTable extends BusinessColumns {
  project_id: Id;
  cost_type: string;
  /** yyyy-MM */
  plan_month: string;
  plan_amount: string;
  remark: Defaulted<string>;
}

export interface RealIncomeTable extends BusinessColumns {
  contract_id: Id;
  batch_id: Id;
  received_amount: string;
  received_date: string;
  remark: Defaulted<string>;
}

export interface InvoiceTable extends BusinessColumns {
  contract_id: Id;
  project_id: Id;
  invoice_type: Defaulted<string>;
  invoice_situation: Defaulted<string>;
  invoice_title: string;
  invoice_code: string;
  invoice_date: string;
  invoice_amount: string;
  taxes_amount: string | null;
  file_id: Defaulted<string>;
  remark: Defaulted<string>;
}

/** A working group of the institute (blade/modules/business/teams-messages.md). */
export interface TeamTable extends AuditColumns {
  tenant_id: string;
  team_name: string;
  leader_id: Id;
  dept_id: Id | null;
  remark: Defaulted<string>;
}

export interface TeamUserTable extends AuditColumns {
  tenant_id: string;
  team_id: Id;
  user_id: Id;
  /** Dictionary team_role: 1 组长, 2 成员, 3 顾问. */
  team_role: Defaulted<string>;
  remark: Defaulted<string>;
}

/** A message a staff member sent; its copies in the recipients' notices are blade_message rows. */
export interface BizMessageTable extends AuditColumns {
  tenant_id: string;
  title: string;
  content: Defaulted<string>;
  category: Defaulted<number>;
  /** Comma-joined user ids. */
  recipient_ids: Defaulted<string>;
  sender: Defaulted<string>;
}

/** One recipient's copy of a business message: the blade_message row it wrote (`notice_id`). */
export interface BizMessageDeliveryTable {
  id: Id;
  tenant_id: string;
  message_id: Id;
  user_id: Id;
  notice_id: Id;
}

export interface CustomerTable extends AuditColumns {
  tenant_id: string;
  customer_name: string;
  credit_code: Defaulted<string>;
  contact_name: Defaulted<string>;
  contact_phone: Defaulted<string>;
  address: Defaulted<string>;
  customer_type: Defaulted<string>;
  remark: Defaulted<string>;
}

export interface FieldTaskTable extends BusinessColumns {
  project_id: Id;
  task_name: string;
  task_type: Defaulted<string>;
  task_status: Defaulted<string>;
  start_date: string;
  end_date: Day;
  location: Defaulted<string>;
  user_id: Id;
  content: Defaulted<string>;
  remark: Defaulted<string>;
}

export interface EventRecordTable extends BusinessColumns {
  project_id: Id;
  event_title: string;
  event_type: Defaulted<string>;
  event_level: Defaulted<string>;
  event_date: string;
  user_id: Id;
  content: string;
  remark: Defaulted<string>;
}

export interface DevopsRecordTable extends BusinessColumns {
  project_id: Id;
  devops_date: string;
  devops_content: string;
  /** The engineers' workloads summed (person-days). */
  workload: Money;
  remark: Defaulted<string>;
}

/** An engineer of a devops record and their own workload. */
export interface DevopsUserTable {
  id: Id;
  tenant_id: string;
  devops_id: Id;
  user_id: Id;
  workload: string;
}

/** Customer complaints and their case flow (blade/modules/quality, lib/contracts/quality/machine.ts). */
export interface ComplaintTable extends AuditColumns {
  tenant_id: string;
  case_no: string;
  kind: Defaulted<string>;
  subject_type: string;
  company_id: Id | null;
  application_id: Id | null;
  certificate_id: Id | null;
  subject_user_id: Id | null;
  survey_id: Id | null;
  title: string;
  content: Defaulted<string>;
  file_ids: Json<string[]>;
  complaint_state: Defaulted<string>;
  received_at: ColumnType<Date, Date | string | undefined, Date | string>;
  ack_due_at: ColumnType<Date, Date | string, Date | string>;
  respond_due_at: ColumnType<Date, Date | string, Date | string>;
  acknowledged_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  handler_id: Id | null;
  investigation: Defaulted<string>;
  response: Defaulted<string>;
  responded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  customer_feedback: Defaulted<string>;
}

/** The tenant's satisfaction-survey questions (scored 1–5). */
export interface SurveyItemTable extends AuditColumns {
  tenant_id: string;
  title: string;
  sort: Defaulted<number>;
}

/** One answer of a survey: the question (its title kept as asked) and the score 1–5. */
export interface SurveyAnswer {
  itemId: string;
  title: string;
  score: number;
}

/** A satisfaction survey sent to a customer company when its application was issued. */
export interface SatisfactionSurveyTable extends AuditColumns {
  tenant_id: string;
  company_id: Id | null;
  application_id: Id;
  survey_state: Defaulted<string>;
  answers: Json<SurveyAnswer[]>;
  average: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  comment: Defaulted<string>;
  answered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  answered_by: Id | null;
  followup_id: Id | null;
}

/** Paper archives and archive borrowing (modules/paper-archive, migration 20261128T100000). */
export interface PaperArchiveTable extends AuditColumns {
  tenant_id: string;
  application_id: Id;
  archive_no: string;
  location: Defaulted<string>;
  page_count: Defaulted<number>;
  remark: Defaulted<string>;
}

export interface ArchiveBorrowingTable extends AuditColumns {
  tenant_id: string;
  kind: string;
  application_id: Id;
  archive_id: Id | null;
  borrower_id: Id;
  purpose: string;
  due_date: string | null;
  view_days: number | null;
  /** Written only by transitions (blade/core/action.ts transit). */
  borrow_state: Defaulted<string>;
  approver_id: Id | null;
  approved_at: NullableTimestamp;
  approve_remark: Defaulted<string>;
  view_until: NullableTimestamp;
  lent_by: Id | null;
  lent_at: NullableTimestamp;
  returned_by: Id | null;
  returned_at: NullableTimestamp;
  return_remark: Defaulted<string>;
}

export interface ArchiveViewLogTable {
  id: Id;
  tenant_id: string;
  borrowing_id: Id;
  user_id: Id;
  viewed_at: ColumnType<Date, Date | string | undefined, never>;
  /** The file an open streamed (migration 20261129T100000); null for a view of the list. */
  file_id: ColumnType<string | null, string | null | undefined, never>;
}

/** Signature printing: who stamped which archive file with the tenant's seal, when (migration 20261129T100000). */
export interface ArchivePrintLogTable {
  id: Id;
  tenant_id: string;
  archive_id: Id;
  application_id: Id;
  file_id: string;
  stamped_file_id: string;
  user_id: Id;
  printed_at: ColumnType<Date, Date | string | undefined, never>;
}

/** Notes: one tree per user of catalogues and notes (modules/notes, migration 20261128T110000). */
export interface NoteTreeTable extends AuditColumns {
  tenant_id: string;
  owner_id: Id;
  parent_id: Defaulted<Id>;
  node_type: string;
  name: string;
  sort: Defaulted<number>;
  content: Defaulted<string>;
  /** The number of the current content (migration 20261129T130000): a save names the one it was edited from. */
  version: Defaulted<number>;
}

/** The content a save replaced (modules/notes, migration 20261129T130000): the last few per note. */
export interface NoteVersionTable extends AuditColumns {
  tenant_id: string;
  note_id: Id;
  version: number;
  name: string;
  content: Defaulted<string>;
  written_by: Id | null;
  written_at: ColumnType<Date, Date | string, never>;
}

/** A note shared with a user or a department, read or edit. */
export interface NoteAuthTable extends AuditColumns {
  tenant_id: string;
  note_id: Id;
  target_type: string;
  target_id: Id;
  authority: string;
}

/** Test items, flow cards and export keys (modules/acceptance, migration 20261128T120000). */
export interface TestItemTable extends AuditColumns {
  tenant_id: string;
  item_code: string;
  name: string;
  standard_clause: Defaulted<string>;
  method: Defaulted<string>;
  protection_types: Defaulted<string>;
  fee: Money;
  accredited: Defaulted<number>;
  remark: Defaulted<string>;
}

export interface FlowCardTable extends AuditColumns {
  tenant_id: string;
  card_no: string;
  application_id: Id | null;
  sample_no: Defaulted<string>;
  remark: Defaulted<string>;
  card_state: Defaulted<string>;
}

export interface FlowCardItemTable extends AuditColumns {
  tenant_id: string;
  card_id: Id;
  test_item_id: Id;
  equipment_id: Id | null;
  report_file_id: Defaulted<string>;
  report_version: Defaulted<number>;
  remark: Defaulted<string>;
  assignee_id: Id | null;
  started_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  result: Defaulted<string>;
  result_remark: Defaulted<string>;
}

export interface ExportKeyTable {
  key_hash: string;
  tenant_id: string;
  user_id: Id;
  export_code: string;
  expires_at: Timestamp;
  create_time: Defaulted<Date>;
}

export interface Database {
  blade_dept_external_user: DeptExternalUserTable;
  blade_scope_data: ScopeDataTable;
  blade_scope_api: ScopeApiTable;
  blade_role_scope: RoleScopeTable;
  blade_tenant_package: TenantPackageTable;
  blade_post_role: PostRoleTable;
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
  blade_file: FileTable;
  blade_file_function: FileFunctionTable;
  blade_file_catalog: FileCatalogTable;
  blade_file_preset: FilePresetTable;
  blade_file_catalog_using: FileCatalogUsingTable;
  blade_file_missing: FileMissingTable;
  blade_file_history: FileHistoryTable;
  blade_region: RegionTable;
  blade_oss: OssTable;
  blade_sms: SmsTable;
  blade_mail: MailTable;
  blade_sms_log: SmsLogTable;
  blade_datasource: DatasourceTable;
  blade_model: ModelTable;
  blade_model_prototype: ModelPrototypeTable;
  blade_code: CodeTable;
  blade_message: MessageTable;
  blade_log_api: LogApiTable;
  blade_log_error: LogErrorTable;
  blade_log_usual: LogUsualTable;
  blade_user_oauth: UserOauthTable;
  blade_email_binding: EmailBindingTable;
  blade_oauth_source: OauthSourceTable;
  blade_oauth_state: OauthStateTable;
  blade_rate_limit: RateLimitTable;
  blade_verify_code: VerifyCodeTable;
  blade_verify_key: VerifyKeyTable;
  blade_status_history: StatusHistoryTable;
  business_project: ProjectTable;
  business_contract: ContractTable;
  blade_fragment_index: FragmentIndexTable;
  business_contract_batch: ContractBatchTable;
  business_real_income: RealIncomeTable;
  business_invoice: InvoiceTable;
  business_real_cost: RealCostTable;
  business_pay_record: PayRecordTable;
  business_cost_plan: CostPlanTable;
  business_devops_record: DevopsRecordTable;
  business_devops_user: DevopsUserTable;
  business_team: TeamTable;
  business_team_user: TeamUserTable;
  business_message: BizMessageTable;
  business_message_delivery: BizMessageDeliveryTable;
  business_customer: CustomerTable;
  business_field_task: FieldTaskTable;
  business_event_record: EventRecordTable;
  blade_customer_company: CustomerCompanyTable;
  business_application: ApplicationTable;
  business_application_batch: ApplicationBatchTable;
  business_factory_check: FactoryCheckTable;
  business_certificate: CertificateTable;
  business_number_counter: NumberCounterTable;
  business_cnex_trainer: CnexTrainerTable;
  business_payment_note: PaymentNoteTable;
  business_payment_note_line: PaymentNoteLineTable;
  business_payment_voucher: PaymentVoucherTable;
  business_complaint: ComplaintTable;
  business_survey_item: SurveyItemTable;
  business_satisfaction_survey: SatisfactionSurveyTable;
  business_ccc_card_goods: CccCardGoodsTable;
  business_ccc_card_sale: CccCardSaleTable;
  business_ccc_card_sale_line: CccCardSaleLineTable;
  business_equipment: EquipmentTable;
  business_equipment_cert: EquipmentCertTable;
  business_equipment_usage: EquipmentUsageTable;
  business_invoice_info: InvoiceInfoTable;
  business_invoice_application: InvoiceApplicationTable;
  business_invoice_note: InvoiceNoteTable;
  business_cert_change: CertChangeTable;
  business_paper_archive: PaperArchiveTable;
  business_archive_borrowing: ArchiveBorrowingTable;
  business_archive_view_log: ArchiveViewLogTable;
  business_archive_print_log: ArchivePrintLogTable;
  business_note_tree: NoteTreeTable;
  business_note_auth: NoteAuthTable;
  business_note_version: NoteVersionTable;
  business_test_item: TestItemTable;
  business_flow_card: FlowCardTable;
  business_flow_card_item: FlowCardItemTable;
  business_export_key: ExportKeyTable;
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

/** Tenant-owned tables that no resource definition declares. */
const OTHER_TENANT_TABLES = [
  'blade_role_scope',
  'blade_post_role',
  'blade_dept_external_user',
  'blade_user',
  'blade_role_menu',
  'blade_top_menu_setting',
  'blade_auth_session',
  'blade_refresh_token',
  'blade_login_failure',
  'blade_sms_log',
  'blade_message',
  'blade_user_oauth',
  'blade_oauth_state',
  'blade_email_binding',
  'blade_rate_limit',
  'blade_verify_code',
  'blade_verify_key',
  'blade_status_history',
  'blade_file_catalog_using',
  'blade_file_missing',
  'blade_file_history',
  'business_pay_record',
  'business_devops_user',
  'business_message_delivery',
  'blade_customer_company',
  'business_application',
  'business_application_batch',
  'business_factory_check',
  'business_certificate',
  'business_number_counter',
  'business_cnex_trainer',
  'business_payment_note_line',
  'business_payment_voucher',
  'business_complaint',
  'business_survey_item',
  'business_satisfaction_survey',
  'business_ccc_card_sale_line',
  'business_invoice_info',
  'business_invoice_note',
  'blade_fragment_index',
  'business_archive_view_log',
  'business_alert_node_limit',
  'business_alert_delivery',
  // Notes' shares (the tree's table is the notes page's, modules/notes).
  'business_note_auth',
  'business_note_version',
  'business_flow_card_item',
  'business_export_key',
  'business_archive_print_log',
] as const satisfies ReadonlyArray<keyof Database>;

/**
 * Tables carrying tenant_id and protected by row-level security: the tenant-owned resources' and the others, each
 * once (several resources may share a table, e.g. users and external users).
 */
export const TENANT_TABLES: readonly string[] = [
  ...new Set([
    ...RESOURCE_DEFINITIONS.filter((def) => def.ownership === 'tenant').map((def) => def.table),
    ...OTHER_TENANT_TABLES,
  ]),
];

/** Certificate-expiry alert configurations (blade/modules/alerts). */
export interface AlertCertConfigTable extends AuditColumns {
  tenant_id: string;
  config_name: string;
  /** Days before valid-to, comma-joined. */
  lead_days: string;
  notify_portal: Defaulted<number>;
  notify_sms: Defaulted<number>;
  notify_email: Defaulted<number>;
  enabled: Defaulted<number>;
  remark: Defaulted<string>;
}

/** A node's time limit on the coarse (application state) or fine (step) track. */
export interface AlertNodeLimitTable extends AuditColumns {
  tenant_id: string;
  track_level: string;
  node_code: string;
  limit_days: number;
  enabled: Defaulted<number>;
}

/** One alert raised by the scheduler: its unique key makes it once; the channels' outcomes after the commit. */
export interface AlertDeliveryTable {
  id: Id;
  tenant_id: string;
  alert_kind: string;
  subject_id: Id;
  config_id: Id;
  alert_key: string;
  title: string;
  content: Defaulted<string>;
  portal_count: Defaulted<number>;
  sms_state: Defaulted<string>;
  sms_reason: Defaulted<string>;
  email_state: Defaulted<string>;
  email_reason: Defaulted<string>;
  create_time: Timestamp;
  update_time: Timestamp;
  /** Comma-joined targets of the channel (20261129T120000), and those whose last try failed (a retry's targets). */
  sms_to: Defaulted<string>;
  sms_failed_to: Defaulted<string>;
  email_to: Defaulted<string>;
  email_failed_to: Defaulted<string>;
}

// Declaration merging: the alerts' tables as a block of their own.
export interface Database {
  business_alert_cert_config: AlertCertConfigTable;
  business_alert_node_limit: AlertNodeLimitTable;
  business_alert_delivery: AlertDeliveryTable;
}
