import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { idSchema } from '../../../lib/contracts/inputs';
import type { BladeEnv, Deps } from '../../core/context';
import { ok } from '../../core/envelope';
import { permit } from '../../core/permission';
import { withTenant } from '../../db/tenant';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { readTextParams } from '../../core/input';
import { trainerFiles } from './trainers.repository';
import {
  addTrainer,
  linkFile,
  listTrainers,
  submitTrainers,
  TRAINER_CODES,
  updateTrainer,
  visibleCnex,
  type TrainerCaller,
  type TrainerFileSlot,
} from './trainers.service';
import { callerCompany } from '../../core/company';

/**
 * The CNEx trainers calls (calls.tsv area `trainers`, README.md): the persons of a CNEx personnel record. Parameters
 * come from the query string and, for POST, a JSON or urlencoded body (files/input.ts). The permission is checked
 * before a body is read (SECURITY 26).
 */

const cnexSchema = z.object({ cnexId: idSchema });
const byIdSchema = z.object({ id: idSchema });
// Clients that list a record's files send the person as `trainerId`; the others as `id`.
const fileLinkSchema = z.object({ id: idSchema, fileId: z.string().trim() });

export function trainersRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();
  const read = permit(deps, { codes: TRAINER_CODES.read });
  const write = permit(deps, { codes: TRAINER_CODES.write });

  /** Runs fn in the caller's tenant with the caller's company, in one transaction. */
  const inTenant = <T>(
    c: Context<BladeEnv>,
    fn: (trx: Transaction<Database>, caller: TrainerCaller) => Promise<T>,
  ) => {
    const auth = c.get('auth');
    return withTenant(deps.db, auth.tenantId, async (trx) =>
      fn(trx, { auth, companyId: await callerCompany(trx, auth) }),
    );
  };

  router.get('/trainers/selectTrainersListByCnexId', read, async (c) => {
    const { cnexId } = cnexSchema.parse(c.req.query());
    return c.json(ok(await inTenant(c, (trx, caller) => listTrainers(trx, caller, cnexId))));
  });

  router.get('/trainers/selectCnexPersonRegisterFileListByCnexId', read, async (c) => {
    const { cnexId } = cnexSchema.parse(c.req.query());
    const files = await inTenant(c, async (trx, caller) => {
      await visibleCnex(trx, caller, cnexId);
      return trainerFiles(trx, caller.auth.tenantId, cnexId);
    });
    return c.json(ok(files));
  });

  // Added beside the catalogue (which has no add call for a person): body = the person's form + cnexId.
  router.post('/trainers/saveTrainers', write, async (c) => {
    const input = await readTextParams(c);
    const { cnexId } = cnexSchema.parse(input);
    return c.json(ok(await inTenant(c, (trx, caller) => addTrainer(trx, caller, cnexId, input))));
  });

  router.post('/trainers/updateTrainersById', write, async (c) => {
    const input = await readTextParams(c);
    const { id } = byIdSchema.parse(input);
    return c.json(ok(await inTenant(c, (trx, caller) => updateTrainer(trx, caller, id, input))));
  });

  const link = (slot: TrainerFileSlot, options: { insert?: boolean; withRecord?: boolean } = {}) =>
    async function handler(c: Context<BladeEnv>) {
      const input = await readTextParams(c);
      const { id, fileId } = fileLinkSchema.parse({ ...input, id: input.id || input.trainerId });
      const cnexId = options.withRecord ? cnexSchema.parse(input).cnexId : undefined;
      const vo = await inTenant(c, (trx, caller) =>
        linkFile(trx, caller, id, fileId, slot, { insert: options.insert, cnexId }),
      );
      return c.json(ok(vo));
    };

  // The catalogue names the register-form call twice (…Register… and …Regist…); both do the same.
  router.post('/trainers/updateRegisterFormScanId', write, link('register_form_scan_id'));
  router.post('/trainers/updateRegistFormScanId', write, link('register_form_scan_id'));
  router.post(
    '/trainers/insertCnexpersonRegisterFile',
    write,
    link('register_form_scan_id', { insert: true, withRecord: true }),
  );
  router.post('/trainers/insertCnexTrainStudentFile', write, link('train_student_file_id'));

  router.post('/trainers/submitTrainers', write, async (c) => {
    const { cnexId } = cnexSchema.parse(await readTextParams(c));
    return c.json(ok(await inTenant(c, (trx, caller) => submitTrainers(trx, caller, cnexId))));
  });

  return router;
}
