import { z } from '../../zod';
import { defineAction } from '../action';
import { asTextParams, idSchema, textParams } from '../inputs';
import { APPLICATION_CODES } from './machine';
import type { TrainerInput } from './trainers';

/**
 * The CNEx persons' calls (calls.tsv area `trainers`; blade/modules/trainers). The company reads and writes its CNEx
 * personnel records' persons with the customer's apply code; staff read them on the CNEx page. Every parameter is read
 * as text, as the forms send it; the person's form itself is checked by the rules of trainers.ts.
 */
export const TRAINER_CODES = {
  read: [APPLICATION_CODES.apply, 'cnex_business'],
  write: [APPLICATION_CODES.apply],
} as const;

const PATH = '/blade-customer/trainers';
const read = { access: { codes: TRAINER_CODES.read }, writes: false } as const;
const write = { access: { codes: TRAINER_CODES.write }, writes: true } as const;

const byCnex = textParams(z.object({ cnexId: idSchema }));
/** A person's form (TrainerInput) beside the record (add) or the person (edit); its rules are trainers.ts's. */
const field = z.string().optional();
const PERSON = {
  name: field,
  idCardNo: field,
  gender: field,
  education: field,
  employer: field,
  units: field,
  experienceYears: field,
  phone: field,
} satisfies Record<keyof TrainerInput, z.ZodType>;
const personForm = <T extends z.ZodRawShape>(shape: T) => textParams(z.object({ ...PERSON, ...shape }));

/** A file linked to a person; clients that list a record's files name the person `trainerId`, the others `id`. */
const fileLink = <T extends z.ZodRawShape>(shape: T) =>
  z.preprocess(
    (params) => {
      const text = asTextParams(params);
      return { ...text, id: text.id || text.trainerId };
    },
    z.object({ id: idSchema, fileId: z.string().trim(), ...shape }),
  );

export const trainersList = defineAction({
  name: 'selectTrainersListByCnexId',
  call: { method: 'GET', path: `${PATH}/selectTrainersListByCnexId` },
  input: byCnex,
  ...read,
});

export const trainerRegisterFiles = defineAction({
  name: 'selectCnexPersonRegisterFileListByCnexId',
  call: { method: 'GET', path: `${PATH}/selectCnexPersonRegisterFileListByCnexId` },
  input: byCnex,
  ...read,
});

/** Added beside the catalogue (which has no add call for a person): the person's form and cnexId. */
export const trainerSave = defineAction({
  name: 'saveTrainers',
  call: { method: 'POST', path: `${PATH}/saveTrainers` },
  input: personForm({ cnexId: idSchema }),
  ...write,
});

export const trainerUpdate = defineAction({
  name: 'updateTrainersById',
  call: { method: 'POST', path: `${PATH}/updateTrainersById` },
  input: personForm({ id: idSchema }),
  ...write,
});

const linkCall = (name: string) => ({ method: 'POST', path: `${PATH}/${name}` }) as const;

/** The register form's scan; the catalogue names the call twice (…Register… and …Regist…), both do the same. */
const registerForm = (name: string) =>
  defineAction({ name, call: linkCall(name), input: fileLink({}), ...write });
export const trainerRegisterForm = registerForm('updateRegisterFormScanId');
export const trainerRegistForm = registerForm('updateRegistFormScanId');

/** The register form's scan added from the record's file list (the record is named too). */
export const trainerRegisterFileInsert = defineAction({
  name: 'insertCnexpersonRegisterFile',
  call: linkCall('insertCnexpersonRegisterFile'),
  input: fileLink({ cnexId: idSchema }),
  ...write,
});

export const trainerStudentFile = defineAction({
  name: 'insertCnexTrainStudentFile',
  call: linkCall('insertCnexTrainStudentFile'),
  input: fileLink({}),
  ...write,
});

export const trainersSubmit = defineAction({
  name: 'submitTrainers',
  call: { method: 'POST', path: `${PATH}/submitTrainers` },
  input: byCnex,
  ...write,
});

export const TRAINER_ACTIONS = [
  trainersList,
  trainerRegisterFiles,
  trainerSave,
  trainerUpdate,
  trainerRegisterForm,
  trainerRegistForm,
  trainerRegisterFileInsert,
  trainerStudentFile,
  trainersSubmit,
] as const;
