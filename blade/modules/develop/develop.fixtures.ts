import { nextId } from '../../core/ids';
import type { Db } from '../../db/tenant';

/** A data model over blade_param, for the contract suites of the fields and generator configurations naming one. */
export async function aModel(db: Db) {
  const id = nextId();
  await db
    .insertInto('blade_model')
    .values({ id, model_name: '契约模型', model_code: `contract_${id}`, model_table: 'blade_param' })
    .execute();
  return { modelId: id };
}
