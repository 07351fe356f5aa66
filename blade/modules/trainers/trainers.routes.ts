import { Hono } from 'hono';
import {
  trainerRegisterFileInsert,
  trainerRegisterFiles,
  trainerRegisterForm,
  trainerRegistForm,
  trainersList,
  trainerStudentFile,
  trainersSubmit,
  trainerSave,
  trainerUpdate,
} from '../../../lib/contracts/application/trainers.actions';
import { actionRouter, type ActionContext } from '../../core/action';
import { callerCompany } from '../../core/company';
import type { BladeEnv, Deps } from '../../core/context';
import { trainerFiles } from './trainers.repository';
import {
  addTrainer,
  linkFile,
  listTrainers,
  submitTrainers,
  updateTrainer,
  visibleCnex,
  type TrainerCaller,
  type TrainerFileSlot,
} from './trainers.service';

/** The caller with its company (null for staff): the service keeps a customer to its company's records. */
async function trainerCaller({ trx, auth }: ActionContext): Promise<TrainerCaller> {
  return { auth, companyId: await callerCompany(trx, auth) };
}

/**
 * The CNEx persons' calls (README.md), each a declared action (lib/contracts/application/trainers.actions.ts): the
 * permission before the body is read, the input as text, the work in the caller's tenant transaction.
 */
export function trainersRoutes(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);

  serve(trainersList, async (ctx) => listTrainers(ctx.trx, await trainerCaller(ctx), ctx.input.cnexId));
  serve(trainerRegisterFiles, async (ctx) => {
    await visibleCnex(ctx.trx, await trainerCaller(ctx), ctx.input.cnexId);
    return trainerFiles(ctx.trx, ctx.auth.tenantId, ctx.input.cnexId);
  });
  serve(trainerSave, async (ctx) =>
    addTrainer(ctx.trx, await trainerCaller(ctx), ctx.input.cnexId, ctx.input),
  );
  serve(trainerUpdate, async (ctx) =>
    updateTrainer(ctx.trx, await trainerCaller(ctx), ctx.input.id, ctx.input),
  );
  const linking = (slot: TrainerFileSlot, insert = false) =>
    async function link(ctx: ActionContext<{ id: string; fileId: string; cnexId?: string }>) {
      const { id, fileId, cnexId } = ctx.input;
      return linkFile(ctx.trx, await trainerCaller(ctx), id, fileId, slot, { insert, cnexId });
    };
  serve(trainerRegisterForm, linking('register_form_scan_id'));
  serve(trainerRegistForm, linking('register_form_scan_id'));
  serve(trainerRegisterFileInsert, linking('register_form_scan_id', true));
  serve(trainerStudentFile, linking('train_student_file_id'));
  serve(trainersSubmit, async (ctx) => submitTrainers(ctx.trx, await trainerCaller(ctx), ctx.input.cnexId));
  return router;
}
