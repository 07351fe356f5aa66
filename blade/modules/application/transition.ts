import { sql, type Selectable } from 'kysely';
import { recordStatusChanges, type SideCaller } from '../../core/action';
import {
  APPLICATION_CODES,
  FINISHED_STATES,
  SEGREGATION,
  transitionOf,
  transitionsFrom,
  type ApplicationState,
  type ApplicationTransition,
  type Scheme,
  type TransitionName,
} from '../../../lib/contracts/application/machine';
import type { AuthUser } from '../../core/context';
import { KeyedError, NotFoundError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import type { ApplicationTable } from '../../db/schema';
import type { Trx } from '../../db/tenant';
import { companyUsers } from '../customer/customer.repository';
import { MESSAGE_CATEGORY, sendMessage } from '../message/message.repository';
import { sendSurveyOnIssue } from '../quality/survey';
import { staffHolding } from './recipients';
import { lockLiveRow } from '../../core/lock';

/**
 * The one place an application changes state (lib/contracts/application/machine.ts). Callers run it inside their
 * tenant transaction and do what the step brings (a number, a certificate, messages) in the same transaction, so a
 * refusal writes nothing.
 */

export type ApplicationRow = Selectable<ApplicationTable>;

export const HISTORY_RESOURCE = 'business_application';

export interface TransitionRequest {
  id: string;
  name: TransitionName;
  /** The reason (return, rectification, termination, refusal) or remark kept with the history row. */
  reason?: string;
}

export interface TransitionResult {
  before: ApplicationRow;
  after: ApplicationRow;
  transition: ApplicationTransition;
}

/** Who the application records for a step, by the transitions that make them so. */
const STAMPED_BY: Partial<Record<TransitionName, keyof ApplicationRow>> = {
  startTest: 'tester_id',
  rectify: 'tester_id',
  resumeTest: 'tester_id',
  passTest: 'tester_id',
  inspectPass: 'inspector_id',
  inspectNc: 'inspector_id',
  recheck: 'inspector_id',
  evaluate: 'evaluator_id',
  issue: 'decider_id',
  refuse: 'decider_id',
};

const PERSON_OF = { tester: 'tester_id', inspector: 'inspector_id', evaluator: 'evaluator_id' } as const;

/**
 * Locks the application (FOR UPDATE: two people acting on one application at once run one after the other, and the
 * second is told its state changed), checks the caller, the state, the reason and the segregation of duties, writes
 * the new state with who made the step, and records the step in blade_status_history.
 *
 * - 404 for an application the caller cannot see: another tenant's, a deleted one, another company's for a customer.
 * - The customer's steps (role `apply`) are made only by a user of the application's company; the staff's only by a
 *   staff user holding the step's code. Refusals name the rule and write nothing.
 */
export async function applyTransition(
  trx: Trx,
  caller: SideCaller,
  request: TransitionRequest,
): Promise<TransitionResult> {
  const { auth } = caller;
  const before = await lockLiveRow(trx, 'business_application', auth.tenantId, request.id);
  if (caller.companyId !== null && before.company_id !== caller.companyId) throw new NotFoundError();

  const transition = transitionOf(before.scheme as Scheme, request.name);
  if (!transition) throw new KeyedError('application.flow.unknownStep');
  const customerStep = transition.role === 'apply';
  if (customerStep ? caller.companyId === null : caller.companyId !== null)
    throw new KeyedError(customerStep ? 'application.flow.customerOnly' : 'application.flow.staffOnly');
  if (!caller.holds(APPLICATION_CODES[transition.role])) throw new KeyedError('application.flow.noRight');
  if (!transition.from.includes(before.flow_state as ApplicationState))
    throw new KeyedError('application.flow.stateChanged', { state: before.flow_state });
  const reason = request.reason?.trim() ?? '';
  if (transition.reasonRequired && !reason) throw new KeyedError('application.flow.reasonRequired');
  for (const person of SEGREGATION[transition.name] ?? []) {
    if (before[PERSON_OF[person]] === auth.userId)
      throw new KeyedError(`application.flow.segregation.${person}`);
  }

  const values: Record<string, unknown> = {
    flow_state: transition.to,
    update_user: auth.userId,
    update_time: sql`now()`,
  };
  const stamp = STAMPED_BY[transition.name];
  if (stamp) values[stamp] = auth.userId;
  if (FINISHED_STATES.includes(transition.to)) {
    values.is_finished = 1;
    values.finished_at = sql`now()`;
  }
  if (transition.name === 'submit') values.submitted_at = sql`now()`;
  if (transition.name === 'retreat') values.retreat_reason = reason.slice(0, 500);
  if (transition.name === 'accept') {
    values.accepted_at = sql`now()`;
    values.engineer_id = auth.userId;
    values.dept_id = auth.deptIds[0] ?? null;
  }
  const after = await trx
    .updateTable('business_application')
    .set(values)
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordStatusChanges(trx, auth, [
    {
      resource: HISTORY_RESOURCE,
      recordId: before.id,
      action: transition.name,
      field: 'flow_state',
      from: before.flow_state,
      to: transition.to,
      comment: reason,
    },
  ]);
  await notifyStep(trx, auth, after, { step: transition.name, from: before.flow_state, reason });
  // An issued application's company gets the satisfaction survey (modules/quality), in the step's transaction.
  if (transition.to === 'issued') await sendSurveyOnIssue(trx, auth, after);
  return { before, after, transition };
}

/**
 * Tells those concerned about a step, in the step's transaction: the application's company users always (with the
 * reason of a return, rectification, refusal or termination), and the staff who hold the codes of the steps the new
 * state offers (the customer's own steps and the engineer's termination, open from every staff state, excepted).
 * The one who made the step is not told. Texts are the zh ones (messages are stored once, like every blade message).
 */
export async function notifyStep(
  trx: Trx,
  auth: AuthUser,
  application: ApplicationRow,
  event: { step: string; from: string; reason: string; nextCodes?: readonly string[] },
): Promise<void> {
  const scheme = application.scheme as Scheme;
  const next =
    event.nextCodes ??
    transitionsFrom(scheme, application.flow_state as ApplicationState)
      .filter((t) => t.role !== 'apply' && t.role !== 'terminate')
      .map((t) => APPLICATION_CODES[t.role]);
  const values = {
    no: application.application_no || application.product_name,
    product: application.product_name,
    step: zhText(`application.flow.step.${event.step}`),
    state: zhText(`application.flow.state.${application.flow_state}`),
  };
  const title = zhText('application.flow.message.title', values);
  const content = [
    zhText('application.flow.message.content', values),
    event.reason ? zhText('application.flow.message.reason', { reason: event.reason }) : '',
  ]
    .filter(Boolean)
    .join('\n');
  const customers = await companyUsers(trx, auth.tenantId, application.company_id);
  const staff = (await staffHolding(trx, auth.tenantId, [...new Set(next)])).filter(
    (id) => !customers.includes(id),
  );
  const recipients = [...customers, ...staff].filter((id) => id !== auth.userId);
  await sendMessage(trx, auth.tenantId, {
    userIds: recipients,
    category: MESSAGE_CATEGORY.message,
    title,
    content,
    sender: zhText('application.flow.message.sender'),
    createUser: auth.userId,
  });
}
