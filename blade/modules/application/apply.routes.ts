import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  saveApplicationSchema,
  updateApplicationSchema,
  type Translate,
} from '../../../lib/contracts/application/application';
import { APPLICATION_STATES, SCHEMES, type Scheme } from '../../../lib/contracts/application/machine';
import { blank, idSchema, queryInt } from '../../../lib/contracts/inputs';
import type { BladeEnv, Deps } from '../../core/context';
import { zhText } from '../../core/refusal-keys';
import { ok } from '../../core/envelope';
import { pageRequest } from '../../core/page';
import { withTenant } from '../../db/tenant';
import { fileAccess } from '../files/access';
import { readParams } from '../../core/input';
import * as apply from './apply.service';
import { APPLICATION_FUNCTIONS } from './documents';

/**
 * The customer's application calls (blade-customer applicationForCcc, cqstOrCnvEx, cnex, applicationBatch and the
 * paymentNote copy/delete/list calls; README.md). Order in every call: the caller's codes and company, then the body,
 * then one transaction.
 */

const zh: Translate = (key, values) => zhText(key, values);
const msg = (name: string) => zhText(`application.customer.${name}`);

const idInput = z.object({ id: idSchema });
const batchInput = z.object({
  batchNumber: z
    .string({ error: msg('batchNumberRequired') })
    .trim()
    .min(1, msg('batchNumberRequired'))
    .max(32, msg('batchNumberRequired')),
});
const paging = { current: queryInt, size: queryInt };
const flowState = blank(z.enum(APPLICATION_STATES, { error: msg('flowStateInvalid') }));
const listInput = z.object({
  ...paging,
  productName: blank(z.string().trim().max(200)),
  flowState,
  batchNumber: blank(z.string().trim().max(32)),
});
const finishedInput = z.object({
  ...paging,
  isFinished: z.preprocess(
    (v) => (typeof v === 'string' ? Number(v) : v),
    z.union([z.literal(0), z.literal(1)], { error: msg('isFinishedInvalid') }),
  ),
});
const pageInput = z.object({
  ...paging,
  scheme: blank(z.enum(SCHEMES, { error: msg('schemeInvalid') })),
  flowState,
  /** 0: the applications still open (a customer's dashboard tile), 1: the finished ones. */
  isFinished: blank(z.enum(['0', '1'], { error: msg('isFinishedInvalid') })),
});
const stepInput = batchInput.extend({
  step: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: msg('stepInvalid') })
      .int(msg('stepInvalid'))
      .min(0, msg('stepInvalid'))
      .max(99, msg('stepInvalid')),
  ),
});
const certInput = z.object({
  certNumber: z
    .string({ error: msg('certNumberRequired') })
    .trim()
    .min(1, msg('certNumberRequired'))
    .max(32, msg('certNumberRequired')),
});
const lastInput = z.object({ productName: blank(z.string().trim().max(200)) });
const fileInput = z.object({
  applicationId: idSchema,
  fileCatalogId: idSchema,
  fileId: z
    .string({ error: msg('fileIdInvalid') })
    .trim()
    .regex(/^[0-9a-f]{32}$/, msg('fileIdInvalid')),
});

interface SchemeCalls {
  base: string;
  save: string;
  update: string;
  select: string;
  submit: string;
  fileList: string;
  insertFile: string;
  /** The applications of a batch, by query parameter or body (the catalogue names both). */
  batchList?: string;
  copy: string;
  remove: string;
}

const CALLS: Readonly<Record<Scheme, SchemeCalls>> = {
  ccc: {
    base: '/applicationForCcc',
    save: 'saveApplicationForCcc',
    update: 'updateApplicationForCcc',
    select: 'selectApplicationForCccByApplicationForCcc',
    submit: 'submitApplicationForCcc',
    fileList: 'selectCccFileListByBatchNumber',
    insertFile: 'insertCccFile',
    copy: 'copyApplicationForCcc',
    remove: 'deleteCcc',
  },
  cqst: {
    base: '/cqstOrCnvEx',
    save: 'insertCqstOrCnvExDto',
    update: 'updateCqstOrCnvExDto',
    select: 'selectCqstOrCnvExDto',
    submit: 'subMitCqst',
    fileList: 'selectCqstFileListByBatchNumber',
    insertFile: 'insertCqstFile',
    batchList: 'selectCqstByCqstListByBatchNumber',
    copy: 'copyCqst',
    remove: 'deleteCqst',
  },
  cnex: {
    base: '/cnex',
    save: 'saveCnexDto',
    update: 'updateCnexDto',
    select: 'selectCnexDto',
    submit: 'submitCnex',
    fileList: 'selectCnexFileListByBatchNumber',
    insertFile: 'insertCnexFile',
    batchList: 'selectCnexByBatchName',
    copy: 'copyCnex',
    remove: 'deleteCnex',
  },
};

type Mode = 'read' | 'write';

/** Mounted at /blade-customer after the token check. */
export function applyRoutes(deps: Deps): Hono<BladeEnv> {
  const router = new Hono<BladeEnv>();

  /** The permission check before the body, then the body, then the work in one tenant transaction. */
  const serve = <T>(
    method: 'get' | 'post',
    path: string,
    mode: Mode,
    work: (
      trx: Parameters<typeof apply.saveApplication>[0],
      who: apply.Who,
      raw: Record<string, unknown>,
    ) => Promise<T>,
  ) =>
    router[method](path, async (c: Context<BladeEnv>) => {
      const auth = c.get('auth');
      const who = await apply.whoIs(deps, auth);
      if (mode === 'write') apply.demandApply(who);
      else apply.demandRead(who);
      const raw = await readParams(c);
      const data = await withTenant(deps.db, auth.tenantId, (trx) => work(trx, who, raw));
      return c.json(ok(data ?? null));
    });

  for (const scheme of SCHEMES) {
    const calls = CALLS[scheme];
    const at = (name: string) => `${calls.base}/${name}`;
    const saveSchema = saveApplicationSchema(zh, scheme);
    const updateSchema = updateApplicationSchema(zh, scheme);

    serve('post', at(calls.save), 'write', (trx, who, raw) =>
      apply.saveApplication(trx, who, scheme, saveSchema.parse(raw)),
    );
    serve('post', at(calls.update), 'write', (trx, who, raw) =>
      apply.updateApplication(trx, who, scheme, updateSchema.parse(raw)),
    );
    serve('post', at(calls.select), 'read', (trx, who, raw) =>
      apply.selectApplication(trx, who, scheme, idInput.parse(raw).id),
    );
    serve('post', at(calls.submit), 'write', (trx, who, raw) =>
      apply.submitApplication(trx, who, scheme, idInput.parse(raw).id),
    );
    serve('post', at(calls.fileList), 'read', (trx, who, raw) =>
      apply.batchFiles(trx, who, scheme, batchInput.parse(raw).batchNumber),
    );
    if (calls.batchList)
      serve('post', at(calls.batchList), 'read', (trx, who, raw) =>
        apply.applicationsOfBatch(trx, who, batchInput.parse(raw).batchNumber, scheme),
      );
    serve('post', `/paymentNote/${calls.copy}`, 'write', (trx, who, raw) =>
      apply.copyApplication(trx, who, scheme, idInput.parse(raw).id),
    );
    serve('post', `/paymentNote/${calls.remove}`, 'write', (trx, who, raw) =>
      apply.deleteApplication(trx, who, scheme, idInput.parse(raw).id),
    );

    // The record's upload right (record-access owner of the scheme's function) is asked like the upload call asks it.
    router.post(at(calls.insertFile), async (c) => {
      const auth = c.get('auth');
      const who = await apply.whoIs(deps, auth);
      apply.demandApply(who);
      const access = await fileAccess(deps, auth);
      const input = fileInput.parse(await readParams(c));
      const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
        await access.record(
          trx,
          { functionCode: APPLICATION_FUNCTIONS[scheme], dataId: input.applicationId },
          'upload',
          '数据不存在',
        );
        return apply.placeFile(trx, who, scheme, input);
      });
      return c.json(ok(data));
    });
  }

  // CCC's own lists and look-ups.
  serve(
    'post',
    '/applicationForCcc/selectApplicationForCccByApplicationForCccList',
    'read',
    (trx, who, raw) => {
      const input = listInput.parse(raw);
      return apply.listApplications(trx, who, { scheme: 'ccc', ...input }, pageRequest(input));
    },
  );
  serve('post', '/applicationForCcc/selectApplicationForCccByIsFinished', 'read', (trx, who, raw) => {
    const input = finishedInput.parse(raw);
    return apply.listApplications(
      trx,
      who,
      { scheme: 'ccc', isFinished: input.isFinished },
      pageRequest(input),
    );
  });
  serve('post', '/applicationForCcc/checkCertNumber', 'read', (trx, who, raw) =>
    apply.checkCertNumber(trx, who, certInput.parse(raw).certNumber),
  );
  serve('post', '/applicationForCcc/selectLastCCCByParameter', 'read', (trx, who, raw) =>
    apply.lastCcc(trx, who, lastInput.parse(raw).productName),
  );

  // The customer's "my applications": every scheme.
  serve('get', '/paymentNote/selectApplicationPage', 'read', (trx, who, raw) => {
    const input = pageInput.parse(raw);
    return apply.listApplications(
      trx,
      who,
      {
        scheme: input.scheme ?? undefined,
        flowState: input.flowState,
        isFinished: input.isFinished === undefined ? undefined : Number(input.isFinished),
      },
      pageRequest(input),
    );
  });

  serve('post', '/applicationBatch/selectApplicationBatchByBatchNumber', 'read', (trx, who, raw) =>
    apply.batchVO(trx, who, batchInput.parse(raw).batchNumber),
  );
  serve('post', '/applicationBatch/saveBatchStepByBatchNumber', 'write', (trx, who, raw) => {
    const input = stepInput.parse(raw);
    return apply.saveBatchStep(trx, who, input.batchNumber, input.step);
  });

  return router;
}
