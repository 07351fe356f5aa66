/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import { sql, type Kysely } from 'kysely';

// Issue 17 (flow cards, DOMAIN §7): a card's state (created → inTest → itemsDone → reportDrafting → archived, and
// rectification while a failed item waits) and each item's assignee, start, end, result and its remark
// (blade/modules/acceptance/README.md "States"). Existing cards start as created; existing items have no result.
// The menus of the new buttons: 20261129T110100-flow-card-state-menus.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table business_flow_card add column card_state varchar(16) not null default 'created'
    constraint business_flow_card_state
    check (card_state in ('created', 'inTest', 'itemsDone', 'reportDrafting', 'archived', 'rectification'))`.execute(
    db,
  );
  await sql`alter table business_flow_card_item
    add column assignee_id bigint,
    add column started_at timestamptz,
    add column ended_at timestamptz,
    add column result varchar(8) not null default ''
      constraint business_flow_card_item_result check (result in ('', 'pass', 'fail', 'na')),
    add column result_remark varchar(500) not null default ''`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table business_flow_card_item drop column result_remark, drop column result,
    drop column ended_at, drop column started_at, drop column assignee_id`.execute(db);
  await sql`alter table business_flow_card drop column card_state`.execute(db);
}
