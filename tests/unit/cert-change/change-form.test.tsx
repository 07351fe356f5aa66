import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ChangeForm } from '@/components/cert-change/change-form';
import type { ChangeApi } from '@/components/cert-change/api';
import { BladeError } from '@/lib/client/fetcher';
import {
  classifyChange,
  type CertChangeDetailVO,
  type ChangeFileNodeVO,
} from '@/lib/contracts/cert-change/cert-change';
import { renderWithIntl } from '../render';

// The change form with its network calls given as `api` (the calls are blade/'s, tested there); the classification
// is the contract's own classifyChange. What the form checks before sending, what it sends, the files step and a
// refusal kept in the form.

const certificate = {
  id: '501',
  certNumber: '2026232301000001',
  scheme: 'ccc' as const,
  holderName: '甲防爆电器有限公司',
  holderAddress: '',
  manufacturerName: '甲防爆电器有限公司',
  manufacturerAddress: '',
  factoryName: '甲防爆电器有限公司一厂',
  factoryAddress: '河南省南阳市卧龙区',
  productName: '隔爆型电动机',
  models: [],
  exMarkings: ['Ex db IIB T4 Gb'],
  standards: 'GB/T 3836.1-2021',
};

const saved = { id: '901', changeState: 'draft' } as unknown as CertChangeDetailVO;
const node = (name: string, mustUpload: number, fileCount: number): ChangeFileNodeVO => ({
  id: `n-${name}`,
  catalogName: name,
  catalogCode: name,
  remark: '',
  mustUpload,
  fileCount,
});

function fakeApi(overrides: Partial<ChangeApi> = {}): jest.Mocked<ChangeApi> {
  return {
    classify: jest.fn(async (types, scheme) => classifyChange(types, scheme)),
    save: jest.fn().mockResolvedValue(saved),
    files: jest
      .fn()
      .mockResolvedValue([node('变更申请书', 1, 1), node('营业执照', 1, 0), node('变更说明', 0, 0)]),
    upload: jest.fn().mockResolvedValue(undefined),
    submit: jest.fn().mockResolvedValue({ ...saved, changeState: 'submitted' }),
    ...overrides,
  } as jest.Mocked<ChangeApi>;
}

const choose = (label: string) => fireEvent.click(screen.getByLabelText(label));
const next = () => fireEvent.click(screen.getByRole('button', { name: '下一步' }));

describe('ChangeForm', () => {
  it('asks for a change type before classifying', async () => {
    const api = fakeApi();
    renderWithIntl(<ChangeForm certificate={certificate} onDone={jest.fn()} api={api} />);
    next();
    expect(await screen.findByText('请选择至少一种变更类型')).toBeInTheDocument();
    expect(api.classify).not.toHaveBeenCalled();
  });

  it('shows the before and after of the fields a relocation changes, and its factory visit', async () => {
    const api = fakeApi();
    renderWithIntl(<ChangeForm certificate={certificate} onDone={jest.fn()} api={api} />);
    choose('生产企业搬迁');
    next();
    expect(await screen.findByText('需要工厂检查')).toBeInTheDocument();
    expect(api.classify).toHaveBeenCalledWith(['factoryRelocation'], 'ccc');
    expect(screen.getByLabelText('变更前 生产企业')).toHaveValue('甲防爆电器有限公司一厂');
    expect(screen.getByLabelText('变更后 生产企业')).toHaveValue('甲防爆电器有限公司一厂');
    expect(screen.queryByLabelText('变更后 产品名称')).not.toBeInTheDocument();
  });

  it('refuses a wrong Ex marking without saving', async () => {
    const api = fakeApi();
    renderWithIntl(<ChangeForm certificate={certificate} onDone={jest.fn()} api={api} />);
    choose('标准或实施规则变更');
    next();
    const markings = await screen.findByLabelText('变更后 防爆标志');
    fireEvent.change(markings, { target: { value: 'Ex tb IIIC T4 Db' } });
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    expect(await screen.findByText(/防爆标志“Ex tb IIIC T4 Db”：粉尘环境/)).toBeInTheDocument();
    expect(api.save).not.toHaveBeenCalled();
  });

  it('saves the draft, lists the files and refuses to submit while a required one is missing', async () => {
    const api = fakeApi();
    const onDone = jest.fn();
    renderWithIntl(<ChangeForm certificate={certificate} onDone={onDone} api={api} />);
    choose('生产企业搬迁');
    next();
    fireEvent.change(await screen.findByLabelText('变更后 生产企业'), { target: { value: ' 甲防爆新厂 ' } });
    fireEvent.change(screen.getByLabelText('变更后 生产企业地址'), { target: { value: '南阳市高新区' } });
    fireEvent.change(screen.getByLabelText('原因'), { target: { value: '整体搬迁' } });
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    await waitFor(() => expect(api.save).toHaveBeenCalled());
    expect(api.save).toHaveBeenCalledWith('ccc', {
      certificateId: '501',
      changeTypes: ['factoryRelocation'],
      reason: '整体搬迁',
      after: { factoryName: '甲防爆新厂', factoryAddress: '南阳市高新区' },
    });
    expect(await screen.findByText('营业执照')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '提交变更申请' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请上传以下变更资料：营业执照');
    expect(api.submit).not.toHaveBeenCalled();

    // The licence uploaded: the list is read again and the submission goes out.
    api.files.mockResolvedValue([node('变更申请书', 1, 1), node('营业执照', 1, 1)]);
    const licence = new File(['pdf'], '执照.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('上传到“营业执照”'), { target: { files: [licence] } });
    await waitFor(() => expect(api.upload).toHaveBeenCalledWith('ccc', '901', 'n-营业执照', licence));
    await waitFor(() => expect(screen.getAllByText('已上传 1 个')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: '提交变更申请' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.submit).toHaveBeenCalledWith('ccc', '901');
  });

  it("keeps the server's refusal in the form", async () => {
    const api = fakeApi({
      save: jest
        .fn()
        .mockRejectedValue(
          new BladeError('该证书已有未完成的变更申请（BG2026000001），不能再次申请', 400, 400),
        ),
    });
    renderWithIntl(<ChangeForm certificate={certificate} onDone={jest.fn()} api={api} />);
    choose('商标变更');
    next();
    expect(await screen.findByText('所选变更类型不改变证书内容，请在资料中说明变更。')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/未完成的变更申请/)).toBeInTheDocument();
  });
});
