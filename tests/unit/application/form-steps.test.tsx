import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import { ApplicationForm, ApplicationFormBody } from '@/components/application/application-form';
import { emptyInput, inputOf, stepErrors } from '@/components/application/form-rules';
import type { Translate } from '@/lib/contracts/application/application';
import zh from '@/messages/zh.json';
import { fakeBlade } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith, refused } from '../system/fixtures';
import { application } from './fixtures';

const push = jest.fn();
jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ push, replace: jest.fn() }),
  usePathname: () => '/application/form',
}));
jest.mock('@/components/files/file-tree-page', () => ({
  FileTreePage: ({ record }: { record: { functionCode: string; dataId: string } }) => (
    <div data-testid="archive">{`${record.functionCode}/${record.dataId}`}</div>
  ),
}));

// The shared contract's texts as the screen gives them: next-intl over the zh messages.
const intl = createTranslator({ locale: 'zh', messages: zh });
const rule: Translate = (key, values) => (intl as unknown as Translate)(key, values);
const SAVE = '/api/blade-customer/applicationForCcc/saveApplicationForCcc';
const UPDATE = '/api/blade-customer/applicationForCcc/updateApplicationForCcc';
const STEP = '/api/blade-customer/applicationBatch/saveBatchStepByBatchNumber';
const SUBMIT = '/api/blade-customer/applicationForCcc/submitApplicationForCcc';

describe('the form’s step rules (the shared contract)', () => {
  it('requires the three parties with valid credit codes and a reachable contact, naming each field', () => {
    const errors = stepErrors('parties', emptyInput('ccc'), rule);
    expect(errors.applicantName).toBe('请填写认证委托人名称');
    expect(errors.factoryCreditCode).toBe('请填写生产企业统一社会信用代码');
    expect(errors.contactPhone).toBe('请填写联系电话');
    const filled = inputOf(application('1', 'draft'));
    expect(stepErrors('parties', filled, rule)).toEqual({});
    expect(stepErrors('parties', { ...filled, applicantCreditCode: '91411300MA44D1234X' }, rule)).toEqual({
      applicantCreditCode: '认证委托人统一社会信用代码校验位不正确，请核对',
    });
    expect(stepErrors('parties', { ...filled, contactPhone: '0377-63150000' }, rule)).toEqual({});
    expect(stepErrors('parties', { ...filled, contactPhone: '138-abc' }, rule).contactPhone).toBe(
      '请输入正确的联系电话',
    );
  });

  it('needs the factory for CCC only and neither manufacturer nor factory for CNEx, but checks what is given', () => {
    const filled = inputOf(application('1', 'draft'));
    const noFactory = { ...filled, factoryName: '', factoryCreditCode: '', factoryAddress: '' };
    expect(Object.keys(stepErrors('parties', noFactory, rule))).toEqual([
      'factoryName',
      'factoryCreditCode',
      'factoryAddress',
    ]);
    expect(stepErrors('parties', { ...noFactory, scheme: 'cqst' }, rule)).toEqual({});
    const applicantOnly = {
      ...noFactory,
      scheme: 'cnex' as const,
      cnexType: 'scene',
      manufacturerName: '',
      manufacturerCreditCode: '',
      manufacturerAddress: '',
    };
    expect(stepErrors('parties', applicantOnly, rule)).toEqual({});
    expect(stepErrors('parties', { ...applicantOnly, factoryCreditCode: 'ABC' }, rule)).toEqual({
      factoryCreditCode: '生产企业统一社会信用代码应为18位数字或大写字母（不含I、O、S、V、Z）',
    });
  });

  it('requires for a CCC product its category, a representative model, Ex markings and standards', () => {
    const filled = inputOf(application('1', 'draft'));
    expect(stepErrors('product', filled, rule)).toEqual({});
    expect(stepErrors('product', { ...filled, productCategory: '2318' }, rule).productCategory).toBe(
      '产品类别应为2301至2317之一',
    );
    expect(stepErrors('product', { ...filled, productCategory: '' }, rule).productCategory).toBe(
      '请填写产品类别',
    );
    expect(stepErrors('product', { ...filled, models: [] }, rule).models).toBe('请填写型号');
    expect(
      stepErrors('product', { ...filled, models: [{ ...filled.models[0], isSampleModel: false }] }, rule)
        .models,
    ).toBe('请至少指定一个代表型号');
    expect(
      stepErrors('product', { ...filled, models: [filled.models[0], { ...filled.models[0] }] }, rule).models,
    ).toBe('型号“YBX3-80”重复');
    expect(stepErrors('product', { ...filled, exMarkings: [] }, rule).exMarkings).toBe('请填写防爆标志');
    expect(
      stepErrors('product', { ...filled, exMarkings: ['Ex tb IIIC T80°C Db', 'Ex d I Mb'] }, rule),
    ).toEqual({});
    expect(stepErrors('product', { ...filled, standards: 'GB 3836' }, rule)).toEqual({});
    expect(stepErrors('product', { ...filled, standards: 'GB3836.1' }, rule).standards).toBe(
      '标准编号“GB3836.1”格式不正确，应如 GB/T 3836.1-2021',
    );
    expect(stepErrors('product', { ...filled, applicationType: 'renewal' }, rule).certNumber).toBe(
      '变更或换证申请请填写原证书编号',
    );
    expect(stepErrors('product', { ...filled, applicationType: 'extension' }, rule)).toEqual({});
  });

  it('names the marking and the part of it that is wrong, as blade/ words it', () => {
    const filled = inputOf(application('1', 'draft'));
    const problem = (marking: string) =>
      stepErrors('product', { ...filled, exMarkings: ['Ex db IIC T4 Gb', marking] }, rule).exMarkings;
    expect(problem('Ex d')).toBe('防爆标志“Ex d”缺少设备类别（I、IIA–IIC 或 IIIA–IIIC）');
    expect(problem('Ex d IIC Gb')).toBe('防爆标志“Ex d IIC Gb”缺少温度组别或最高表面温度');
    expect(problem('Ex tb IIC T4 Gb')).toBe('防爆标志“Ex tb IIC T4 Gb”中的防爆型式“tb”不适用于设备类别 IIC');
    expect(problem('Ex ic IIC T4 Ga')).toBe(
      '防爆标志“Ex ic IIC T4 Ga”中的设备保护级别高于防爆型式所能达到的级别（Ga/ic）',
    );
    expect(problem('Ex  db  IIC T4 Gb')).toBe('防爆标志“Ex db IIC T4 Gb”重复');
  });

  it('asks a CNEx record its kind with the parties, and no category, models or markings', () => {
    const cnex = { ...inputOf(application('1', 'draft')), scheme: 'cnex' as const };
    const bare = { ...cnex, productCategory: '', models: [], exMarkings: [], standards: '' };
    expect(stepErrors('parties', bare, rule)).toEqual({ cnexType: '请选择CNEx申请类型' });
    expect(stepErrors('parties', { ...bare, cnexType: 'person' }, rule)).toEqual({});
    expect(stepErrors('product', { ...bare, cnexType: 'person' }, rule)).toEqual({});
    // An ability assessment or an on-site audit cites the standards it is made against.
    expect(stepErrors('product', { ...bare, cnexType: 'scene' }, rule)).toEqual({
      standards: '请填写依据标准',
    });
  });
});

describe('ApplicationFormBody', () => {
  it('keeps the customer on a step until its rules hold, then saves the draft and stores the next step', async () => {
    const saved = application('11', 'draft');
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['application_apply']),
      [`POST ${SAVE}`]: saved,
      [`POST ${STEP}`]: {
        id: '90',
        batchNumber: saved.batchNumber,
        scheme: 'ccc',
        step: 1,
        applications: [],
      },
    });
    renderScreen(
      <ApplicationFormBody scheme="ccc" initial={emptyInput('ccc')} initialStep={0} saved={null} />,
    );
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('请填写认证委托人名称')).toBeInTheDocument();
    expect(screen.getByText('请填写生产企业地址')).toBeInTheDocument();
    expect(screen.getByText('请填写联系电话')).toBeInTheDocument();
    expect(calls.to(SAVE)).toHaveLength(0);

    const type = (label: RegExp, value: string) =>
      fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
    // The factory follows the applicant while the switch is on.
    fireEvent.click(screen.getByRole('switch', { name: '同认证委托人' }));
    type(/^认证委托人名称/, '南阳防爆电机有限公司');
    type(/^认证委托人统一社会信用代码/, '91411300MA44D1234B');
    type(/^认证委托人地址/, '河南省南阳市');
    type(/^生产者名称/, '南阳防爆电机有限公司');
    type(/^生产者统一社会信用代码/, '91411300MA44D1234B');
    type(/^生产者地址/, '河南省南阳市');
    type(/^联系人/, '张工');
    type(/^联系电话/, '13800138000');
    expect(screen.getByRole('textbox', { name: /^生产企业名称/ })).toHaveValue('南阳防爆电机有限公司');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));

    await waitFor(() => expect(calls.to(SAVE)).toHaveLength(1));
    expect(calls.to(SAVE)[0].body).not.toHaveProperty('scheme');
    expect(calls.to(SAVE)[0].body).not.toHaveProperty('cnexType');
    expect(calls.to(SAVE)[0].body).toMatchObject({
      applicantName: '南阳防爆电机有限公司',
      factoryName: '南阳防爆电机有限公司',
      factoryCreditCode: '91411300MA44D1234B',
    });
    await waitFor(() => expect(calls.to(STEP)).toHaveLength(1));
    expect(calls.to(STEP)[0].body).toEqual({ batchNumber: 'PC2026000001', step: 1 });
    expect(await screen.findByRole('textbox', { name: /^产品名称/ })).toBeInTheDocument();
    expect(window.location.search).toBe('?scheme=ccc&id=11');

    // Product step: without models and markings the rules stop it, the draft is not sent again.
    type(/^产品名称/, '隔爆型三相异步电动机');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('请填写型号')).toBeInTheDocument();
    expect(screen.getByText('请填写防爆标志')).toBeInTheDocument();
    expect(calls.to(UPDATE)).toHaveLength(0);
  });

  it('submits from the review step and shows the server’s refusal naming the missing documents', async () => {
    const saved = application('12', 'draft');
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['application_apply']),
      [`POST ${UPDATE}`]: saved,
      [`POST ${STEP}`]: {
        id: '90',
        batchNumber: saved.batchNumber,
        scheme: 'ccc',
        step: 3,
        applications: [],
      },
      [`POST ${SUBMIT}`]: () => refused('缺少必传资料：营业执照、防爆图纸'),
    });
    renderScreen(<ApplicationFormBody scheme="ccc" initial={inputOf(saved)} initialStep={3} saved={saved} />);
    const review = screen.getByRole('button', { name: '提交申请' });
    expect(screen.getByText('Ex db IIC T4 Gb')).toBeInTheDocument();
    fireEvent.click(review);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('缺少必传资料：营业执照、防爆图纸')).toBeInTheDocument();
    expect(calls.to(SUBMIT)[0].query.get('id')).toBe('12');
    expect(calls.to(UPDATE)[0].body).toMatchObject({ id: '12', productName: '隔爆型电机 12' });
    expect(push).not.toHaveBeenCalled();
  });

  it('starts a new application from the parties of the newest one, and resumes a draft at its stored step', async () => {
    const draft = application('13', 'draft', { productName: '增安型接线盒' }, 'cqst');
    fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['application_apply']),
      'POST /api/blade-customer/applicationForCcc/selectLastCCCByParameter': application('2', 'issued'),
      'POST /api/blade-customer/cqstOrCnvEx/selectCqstOrCnvExDto': draft,
      'POST /api/blade-customer/applicationBatch/selectApplicationBatchByBatchNumber': {
        id: '90',
        batchNumber: draft.batchNumber,
        scheme: 'cqst',
        step: 3,
        applications: [draft],
      },
    });
    const view = renderScreen(<ApplicationForm scheme="cqst" id="" />);
    expect(await screen.findByRole('textbox', { name: /^认证委托人名称/ })).toHaveValue(
      '南阳防爆电机有限公司',
    );
    expect(screen.getByRole('textbox', { name: /^联系电话/ })).toHaveValue('13800138000');
    view.unmount();

    renderScreen(<ApplicationForm scheme="cqst" id="13" />);
    // Step 4 of 4: the review with the submit button.
    expect(await screen.findByRole('button', { name: '提交申请' })).toBeInTheDocument();
    expect(screen.getByText('增安型接线盒')).toBeInTheDocument();
  });
});

describe('the product step', () => {
  const CHECK = '/api/blade-customer/applicationForCcc/checkCertNumber';

  it('adds an Ex marking only when it parses, and says what is wrong in it in the user’s language', async () => {
    const saved = application('14', 'draft', { exMarkings: [] });
    fakeBlade({ '/api/blade-system/menu/buttons': buttonsWith(['application_apply']) });
    const view = renderScreen(
      <ApplicationFormBody scheme="ccc" initial={inputOf(saved)} initialStep={1} saved={saved} />,
    );
    const marking = screen.getByRole('textbox', { name: '防爆标志' });
    fireEvent.change(marking, { target: { value: 'Ex d IIC Gb' } });
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    expect(await screen.findByText('防爆标志“Ex d IIC Gb”缺少温度组别或最高表面温度')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ex d IIC Gb' })).not.toBeInTheDocument();

    // A sound marking joins the list as stored (single spaces, °C).
    fireEvent.change(marking, { target: { value: 'Ex  tb IIIC T80 ℃ Db' } });
    fireEvent.keyDown(marking, { key: 'Enter' });
    expect(await screen.findByText('Ex tb IIIC T80°C Db')).toBeInTheDocument();
    expect(screen.queryByText(/缺少温度组别/)).not.toBeInTheDocument();
    fireEvent.change(marking, { target: { value: 'Ex tb IIIC T80°C Db' } });
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    expect(await screen.findByText('防爆标志“Ex tb IIIC T80°C Db”重复')).toBeInTheDocument();
    view.unmount();

    renderScreen(
      <ApplicationFormBody scheme="ccc" initial={inputOf(saved)} initialStep={1} saved={saved} />,
      'en',
    );
    const english = screen.getByRole('textbox', { name: 'Ex markings' });
    fireEvent.change(english, { target: { value: 'Ex tb IIC T4 Gb' } });
    fireEvent.keyDown(english, { key: 'Enter' });
    expect(
      await screen.findByText(
        'Ex marking "Ex tb IIC T4 Gb": type of protection "tb" does not apply to group IIC',
      ),
    ).toBeInTheDocument();
  });

  it('says for a renewal whether the company holds the certificate named, without holding the form', async () => {
    const saved = application('15', 'draft', { applicationType: 'renewal' });
    const after = { id: '90', batchNumber: saved.batchNumber, scheme: 'ccc', step: 2, applications: [] };
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['application_apply']),
      [`POST ${CHECK}`]: (call: { query: URLSearchParams }) =>
        call.query.get('certNumber') === '2026312301000001'
          ? {
              exists: true,
              certificate: {
                id: '3',
                certNumber: '2026312301000001',
                productName: '隔爆型电机',
                validTo: '2031-11-24',
                certStatus: 'valid',
              },
            }
          : { exists: false },
      [`POST ${UPDATE}`]: saved,
      [`POST ${STEP}`]: after,
    });
    renderScreen(<ApplicationFormBody scheme="ccc" initial={inputOf(saved)} initialStep={1} saved={saved} />);
    const number = screen.getByRole('textbox', { name: /^原证书编号/ });
    // Not well formed: not asked.
    fireEvent.change(number, { target: { value: '2026 31' } });
    fireEvent.change(number, { target: { value: '2026312301000001' } });
    expect(await screen.findByRole('status')).toHaveTextContent(
      '贵公司持有证书 2026312301000001：隔爆型电机，有效期至 2031-11-24，状态：有效',
    );
    expect(calls.to(CHECK).map((c) => c.query.get('certNumber'))).toEqual(['2026312301000001']);
    expect(calls.to(CHECK)[0].method).toBe('POST');

    fireEvent.change(number, { target: { value: '2026312301009999' } });
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        '未找到贵公司持有的证书 2026312301009999，请核对编号（不影响保存和提交）',
      ),
    );
    // Informational only: the step is left and the draft saved with the unknown number.
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(calls.to(UPDATE)).toHaveLength(1));
    expect(calls.to(UPDATE)[0].body).toMatchObject({ certNumber: '2026312301009999' });
  });
});
