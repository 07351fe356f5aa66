/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';
import { auditColumns, enableTenantRls } from './lib/v1';

// Issue 15: certification applications (CCC, CQST, CNEx), their batches, factory checks, certificates, the CNEx
// trainers, and the number counters (lib/contracts/application/machine.ts has the states and number formats). The
// rules that must hold under concurrency live here: numbers unique per tenant (applications, batches, certificate
// number + version), one state column written only by transitions (its values checked), counters that never hand
// out a number twice. File ids are the files module's (blade_file.id, 32 hex characters).

const STATES = [
  'draft',
  'submitted',
  'returned',
  'withdrawn',
  'accepted',
  'fee_noticed',
  'samples_sent',
  'samples_received',
  'testing',
  'rectification',
  'factory_inspection',
  'nc_correction',
  'evaluation',
  'decision',
  'issued',
  'terminated',
];
const inList = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

export async function up(db: Kysely<any>): Promise<void> {
  await auditColumns(db.schema.createTable('business_application_batch'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('batch_number', 'varchar(32)', (c) => c.notNull())
    .addColumn('scheme', 'varchar(8)', (c) => c.notNull().check(sql`scheme in ('ccc', 'cqst', 'cnex')`))
    .addColumn('company_id', 'bigint')
    .addColumn('step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`create unique index business_application_batch_number on business_application_batch (tenant_id, batch_number)`.execute(
    db,
  );
  await enableTenantRls(db, 'business_application_batch');

  let app = auditColumns(db.schema.createTable('business_application'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('scheme', 'varchar(8)', (c) => c.notNull().check(sql`scheme in ('ccc', 'cqst', 'cnex')`))
    .addColumn('cnex_type', 'varchar(16)', (c) =>
      c.check(sql`cnex_type is null or cnex_type in ('ability', 'person', 'scene', 'person_data')`),
    )
    .addColumn('application_no', 'varchar(32)')
    .addColumn('batch_id', 'bigint')
    .addColumn('company_id', 'bigint');
  for (const party of ['applicant', 'manufacturer', 'factory']) {
    app = app
      .addColumn(`${party}_name`, 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn(`${party}_credit_code`, 'varchar(18)', (c) => c.notNull().defaultTo(''))
      .addColumn(`${party}_address`, 'varchar(200)', (c) => c.notNull().defaultTo(''));
  }
  await app
    .addColumn('contact_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_phone', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('product_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('product_category', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('unit_no', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('trademark', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('application_type', 'varchar(16)', (c) => c.notNull().defaultTo('new'))
    .addColumn('models', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('ex_markings', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('standards', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('rated_params', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('cert_number', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('flow_state', 'varchar(24)', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(sql`flow_state in (${inList(STATES)})`),
    )
    .addColumn('is_finished', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`is_finished in (0, 1)`),
    )
    .addColumn('sample_sent', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`sample_sent in (0, 1)`),
    )
    .addColumn('sample_courier_no', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('sample_sent_at', 'timestamptz')
    .addColumn('samples_received_at', 'timestamptz')
    .addColumn('retreat_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('engineer_id', 'bigint')
    .addColumn('tester_id', 'bigint')
    .addColumn('inspector_id', 'bigint')
    .addColumn('evaluator_id', 'bigint')
    .addColumn('decider_id', 'bigint')
    .addColumn('dept_id', 'bigint')
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('certificate_id', 'bigint')
    .addColumn('test_report_file_id', 'varchar(32)')
    .addColumn('test_conclusion', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('inspection_conclusion', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('evaluation_comment', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`alter table business_application add constraint business_application_cnex_type
    check ((scheme = 'cnex') = (cnex_type is not null))`.execute(db);
  await sql`create unique index business_application_no on business_application (tenant_id, application_no)
    where application_no is not null`.execute(db);
  // The business-management pages: one state (or the finished flag) of one scheme, newest first, per tenant; and a
  // customer's own list.
  await sql`create index business_application_state on business_application
    (tenant_id, scheme, flow_state, id desc) where is_deleted = 0`.execute(db);
  await sql`create index business_application_finished on business_application
    (tenant_id, scheme, is_finished, id desc) where is_deleted = 0`.execute(db);
  await sql`create index business_application_company on business_application
    (tenant_id, company_id, id desc) where is_deleted = 0`.execute(db);
  await sql`create index business_application_by_batch on business_application (tenant_id, batch_id)
    where is_deleted = 0`.execute(db);
  await enableTenantRls(db, 'business_application');

  await auditColumns(db.schema.createTable('business_factory_check'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('application_id', 'bigint', (c) => c.notNull())
    .addColumn('check_date', 'date', (c) => c.notNull())
    .addColumn('inspector_id', 'bigint', (c) => c.notNull())
    .addColumn('result', 'varchar(8)', (c) => c.notNull().check(sql`result in ('pass', 'nc', 'fail')`))
    .addColumn('nc_items', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('conclusion', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('report_file_id', 'varchar(32)')
    .execute();
  await sql`create index business_factory_check_application on business_factory_check (tenant_id, application_id)`.execute(
    db,
  );
  await enableTenantRls(db, 'business_factory_check');

  await auditColumns(db.schema.createTable('business_certificate'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('cert_number', 'varchar(32)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`version >= 1`),
    )
    .addColumn('scheme', 'varchar(8)', (c) => c.notNull().check(sql`scheme in ('ccc', 'cqst', 'cnex')`))
    .addColumn('cnex_type', 'varchar(16)')
    .addColumn('application_id', 'bigint', (c) => c.notNull())
    .addColumn('company_id', 'bigint')
    .addColumn('holder_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('manufacturer_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('factory_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('product_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('product_category', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('models', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('ex_markings', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('standards', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('issue_date', 'date', (c) => c.notNull())
    .addColumn('valid_to', 'date', (c) => c.notNull())
    .addColumn('cert_status', 'varchar(12)', (c) =>
      c
        .notNull()
        .defaultTo('valid')
        .check(sql`cert_status in ('valid', 'suspended', 'revoked', 'cancelled', 'expired')`),
    )
    .addColumn('issued_by', 'bigint')
    .execute();
  await sql`create unique index business_certificate_number on business_certificate (tenant_id, cert_number, version)`.execute(
    db,
  );
  await sql`create index business_certificate_company on business_certificate (tenant_id, company_id, id desc)
    where is_deleted = 0`.execute(db);
  await enableTenantRls(db, 'business_certificate');

  await db.schema
    .createTable('business_number_counter')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('counter_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('last_value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('business_number_counter_pk', ['tenant_id', 'counter_key'])
    .execute();
  await enableTenantRls(db, 'business_number_counter');

  await auditColumns(db.schema.createTable('business_cnex_trainer'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('cnex_id', 'bigint', (c) => c.notNull())
    .addColumn('company_id', 'bigint')
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('id_card_no', 'varchar(18)', (c) => c.notNull().defaultTo(''))
    .addColumn('gender', 'varchar(2)', (c) => c.notNull().defaultTo(''))
    .addColumn('education', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('employer', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('units', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('experience_years', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('phone', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('register_form_scan_id', 'varchar(32)')
    .addColumn('train_student_file_id', 'varchar(32)')
    .addColumn('trainer_state', 'varchar(12)', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(sql`trainer_state in ('draft', 'submitted')`),
    )
    .addColumn('submitted_at', 'timestamptz')
    .execute();
  await sql`create index business_cnex_trainer_cnex on business_cnex_trainer (tenant_id, cnex_id)
    where is_deleted = 0`.execute(db);
  await enableTenantRls(db, 'business_cnex_trainer');
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'business_cnex_trainer',
    'business_number_counter',
    'business_certificate',
    'business_factory_check',
    'business_application',
    'business_application_batch',
  ])
    await db.schema.dropTable(table).execute();
}
