import {
  missingFields,
  saveApplicationSchema,
  standardsSchema,
  updateApplicationSchema,
  type Translate,
} from '@/lib/contracts/application/application';

// Messages come back as their keys, with the values in brackets, so a test sees which rule refused.
const keys: Translate = (key, values) => (values ? `${key}${JSON.stringify(values)}` : key);
const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

describe('the application form', () => {
  const ccc = saveApplicationSchema(keys, 'ccc');

  it('takes an incomplete draft and normalises what it gets', () => {
    const parsed = ccc.parse({
      productName: ' 防爆电机 ',
      applicantCreditCode: '91350100m000100y43',
      exMarkings: ['Ex  db IIB T4 Gb'],
      standards: 'GB/T 3836.1-2021，GB/T  3836.2-2021',
      models: [{ model: 'A1', isSampleModel: 1 }],
      cnexType: 'person',
    });
    expect(parsed).toMatchObject({
      productName: '防爆电机',
      applicantCreditCode: '91350100M000100Y43',
      exMarkings: ['Ex db IIB T4 Gb'],
      standards: 'GB/T 3836.1-2021,GB/T 3836.2-2021',
      models: [{ model: 'A1', spec: '', isSampleModel: true, differenceNote: '' }],
      cnexType: undefined,
    });
    expect(ccc.parse({})).toEqual({ cnexType: undefined });
  });

  it('checks credit codes per party with the registration rule', () => {
    expect(issues(ccc.safeParse({ manufacturerCreditCode: '91350100M000100Y44' }))).toEqual([
      'manufacturerCreditCode:application.form.manufacturer.creditCodeCheckDigit',
    ]);
    expect(issues(ccc.safeParse({ factoryCreditCode: '123' }))).toEqual([
      'factoryCreditCode:application.form.factory.creditCodeInvalid',
    ]);
    expect(ccc.safeParse({ applicantCreditCode: '' }).success).toBe(true);
  });

  it('wants unique model names and a representative model', () => {
    expect(
      issues(ccc.safeParse({ models: [{ model: 'A1', isSampleModel: true }, { model: ' a1 ' }] })),
    ).toEqual(['models.1.model:application.form.modelDuplicate{"model":"a1"}']);
    expect(issues(ccc.safeParse({ models: [{ model: 'A1' }, { model: 'A2' }] }))).toEqual([
      'models:application.form.sampleModelMissing',
    ]);
    expect(issues(ccc.safeParse({ models: [{ model: '' }] }))[0]).toBe(
      'models.0.model:application.form.modelRequired',
    );
  });

  it('names the marking and its wrong part, and refuses a marking given twice', () => {
    expect(issues(ccc.safeParse({ exMarkings: ['Ex db IIB T4 Gb', 'Ex tb IIC T4 Gb'] }))).toEqual([
      'exMarkings.1:application.form.exMarking.typeGroup{"marking":"Ex tb IIC T4 Gb","value":"tb","group":"IIC"}',
    ]);
    expect(issues(ccc.safeParse({ exMarkings: ['Ex db IIB T4 Gb', 'Ex db  IIB T4 Gb'] }))).toEqual([
      'exMarkings.1:application.form.exMarkingDuplicate{"marking":"Ex db IIB T4 Gb"}',
    ]);
  });

  it('checks category, application type, certificate number and CNEx type', () => {
    expect(issues(ccc.safeParse({ productCategory: '2318' }))).toEqual([
      'productCategory:application.form.productCategoryInvalid',
    ]);
    expect(ccc.safeParse({ productCategory: '2317' }).success).toBe(true);
    expect(issues(ccc.safeParse({ applicationType: 'renewal' }))).toEqual([
      'certNumber:application.form.certNumberRequired',
    ]);
    expect(ccc.safeParse({ applicationType: 'extension' }).success).toBe(true);
    expect(ccc.safeParse({ applicationType: 'change', certNumber: '2026232301000001' }).success).toBe(true);
    expect(issues(ccc.safeParse({ applicationType: 'transfer' }))).toEqual([
      'applicationType:application.form.applicationTypeInvalid',
    ]);
    const cnex = saveApplicationSchema(keys, 'cnex');
    expect(issues(cnex.safeParse({}))).toEqual(['cnexType:application.form.cnexTypeRequired']);
    expect(issues(cnex.safeParse({ cnexType: 'robot' }))).toEqual([
      'cnexType:application.form.cnexTypeInvalid',
    ]);
    expect(updateApplicationSchema(keys, 'cnex').parse({ id: 12 })).toMatchObject({ id: '12' });
  });

  it('reads standard codes of the known publishers only', () => {
    const standards = standardsSchema(keys);
    expect(standards.parse(['IEC 60079-0:2017', 'Q/NYFB 001-2024', 'GB 3836.1-2010'])).toBe(
      'IEC 60079-0:2017,Q/NYFB 001-2024,GB 3836.1-2010',
    );
    expect(issues(standards.safeParse('GB/T3836.1-2021'))).toEqual([
      ':application.form.standardInvalid{"code":"GB/T3836.1-2021"}',
    ]);
    expect(issues(standards.safeParse('GB/T 3836.1-2021,GB/T 3836.1-2021'))).toEqual([
      ':application.form.standardDuplicate',
    ]);
  });

  it('says what a submission still lacks, per scheme', () => {
    expect(
      missingFields('ccc', { applicantName: 'A', models: [], exMarkings: ['x'], standards: '' }),
    ).toEqual([
      'applicantCreditCode',
      'applicantAddress',
      'manufacturerName',
      'manufacturerCreditCode',
      'manufacturerAddress',
      'factoryName',
      'factoryCreditCode',
      'factoryAddress',
      'contactName',
      'contactPhone',
      'productCategory',
      'productName',
      'models',
      'standards',
    ]);
    expect(missingFields('cqst', {})).not.toContain('productCategory');
    expect(missingFields('cnex', { cnexType: 'person' })).toEqual([
      'applicantName',
      'applicantCreditCode',
      'applicantAddress',
      'contactName',
      'contactPhone',
      'productName',
    ]);
  });
});
