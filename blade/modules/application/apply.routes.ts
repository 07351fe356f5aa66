import {
  saveApplicationSchema,
  updateApplicationSchema,
  type Translate,
} from '../../../lib/contracts/application/application';
import { APPLY_ACTION, APPLY_SCHEME_ACTIONS } from '../../../lib/contracts/application/apply.actions';
import { SCHEMES } from '../../../lib/contracts/application/machine';
import { actionRouter, sideCaller } from '../../core/action';
import type { Deps } from '../../core/context';
import { pageRequest } from '../../core/page';
import { zhText } from '../../core/refusal-keys';
import { fileAccess } from '../files/access';
import * as apply from './apply.service';
import { APPLICATION_FUNCTIONS } from './documents';

/**
 * The customer's application calls (lib/contracts/application/apply.actions.ts; README.md). Each is a declared
 * action with both sides: the caller's codes before the body, then the body, then one transaction in which the side
 * is decided (a customer writes, staff only read).
 */

const zh: Translate = (key, values) => zhText(key, values);

/** Mounted at the root after the token check (the calls' paths name /blade-customer). */
export function applyRoutes(deps: Deps) {
  const { router, serve } = actionRouter(deps);

  for (const scheme of SCHEMES) {
    const A = APPLY_SCHEME_ACTIONS[scheme];
    const saveSchema = saveApplicationSchema(zh, scheme);
    const updateSchema = updateApplicationSchema(zh, scheme);

    serve(A.save, (ctx) =>
      apply.saveApplication(ctx.trx, sideCaller(ctx), scheme, saveSchema.parse(ctx.input)),
    );
    serve(A.update, (ctx) =>
      apply.updateApplication(ctx.trx, sideCaller(ctx), scheme, updateSchema.parse(ctx.input)),
    );
    serve(A.select, (ctx) => apply.selectApplication(ctx.trx, sideCaller(ctx), scheme, ctx.input.id));
    serve(A.submit, (ctx) => apply.submitApplication(ctx.trx, sideCaller(ctx), scheme, ctx.input.id));
    serve(A.fileList, (ctx) => apply.batchFiles(ctx.trx, sideCaller(ctx), scheme, ctx.input.batchNumber));
    if (A.batchList)
      serve(A.batchList, (ctx) =>
        apply.applicationsOfBatch(ctx.trx, sideCaller(ctx), ctx.input.batchNumber, scheme),
      );
    serve(A.copy, (ctx) => apply.copyApplication(ctx.trx, sideCaller(ctx), scheme, ctx.input.id));
    serve(A.remove, (ctx) => apply.deleteApplication(ctx.trx, sideCaller(ctx), scheme, ctx.input.id));
    // The record's upload right (record-access owner of the scheme's function) is asked like the upload call asks it.
    serve(A.insertFile, async (ctx) => {
      const { trx, auth, input } = ctx;
      const access = await fileAccess(deps, auth, trx);
      await access.record(
        trx,
        { functionCode: APPLICATION_FUNCTIONS[scheme], dataId: input.applicationId },
        'upload',
        '数据不存在',
      );
      return apply.placeFile(trx, sideCaller(ctx), scheme, input);
    });
  }

  // CCC's own lists and look-ups.
  serve(APPLY_ACTION.cccList, (ctx) =>
    apply.listApplications(ctx.trx, sideCaller(ctx), { scheme: 'ccc', ...ctx.input }, pageRequest(ctx.input)),
  );
  serve(APPLY_ACTION.cccFinished, (ctx) =>
    apply.listApplications(
      ctx.trx,
      sideCaller(ctx),
      { scheme: 'ccc', isFinished: Number(ctx.input.isFinished) },
      pageRequest(ctx.input),
    ),
  );
  serve(APPLY_ACTION.checkCertNumber, (ctx) =>
    apply.checkCertNumber(ctx.trx, sideCaller(ctx), ctx.input.certNumber),
  );
  serve(APPLY_ACTION.lastCcc, (ctx) => apply.lastCcc(ctx.trx, sideCaller(ctx), ctx.input.productName));

  // The customer's "my applications": every scheme.
  serve(APPLY_ACTION.myApplications, (ctx) => {
    const { scheme, flowState, isFinished } = ctx.input;
    return apply.listApplications(
      ctx.trx,
      sideCaller(ctx),
      {
        scheme: scheme ?? undefined,
        flowState,
        isFinished: isFinished === undefined ? undefined : Number(isFinished),
      },
      pageRequest(ctx.input),
    );
  });

  serve(APPLY_ACTION.batch, (ctx) => apply.batchVO(ctx.trx, sideCaller(ctx), ctx.input.batchNumber));
  serve(APPLY_ACTION.batchStep, (ctx) =>
    apply.saveBatchStep(ctx.trx, sideCaller(ctx), ctx.input.batchNumber, ctx.input.step),
  );

  return router;
}
