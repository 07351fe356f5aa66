import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TrainersPanel } from '@/components/trainers/trainers-panel';
import type { TrainerVO } from '@/lib/contracts/application/trainers';
import { fakeBlade } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';

const LIST = '/api/blade-customer/trainers/selectTrainersListByCnexId';
const ADD = '/api/blade-customer/trainers/saveTrainers';
const SUBMIT = '/api/blade-customer/trainers/submitTrainers';
const LINK_SCAN = '/api/blade-customer/trainers/updateRegisterFormScanId';
const TREE = '/api/blade-resource/fileCatalog/selectFileList';

const zhang: TrainerVO = {
  id: '11',
  cnexId: '500',
  companyId: '9',
  name: '张三',
  idCardNo: '110101199003070011',
  gender: 'M',
  education: '本科',
  employer: '某防爆公司',
  units: 'Ex000,Ex001',
  experienceYears: 5,
  phone: '',
  registerFormScanId: '',
  registerFormScanName: '',
  trainStudentFileId: '',
  trainStudentFileName: '',
  trainerState: 'draft',
  submittedAt: '',
  createTime: '2026-11-26 10:00:00',
  updateTime: '2026-11-26 10:00:00',
};
const li: TrainerVO = { ...zhang, id: '12', name: '李四', trainerState: 'submitted' };

/** Plays the upload call's server (XMLHttpRequest, components/files/upload.ts). */
class FakeXhr {
  static sent: { url: string; body: FormData }[] = [];
  url = '';
  status = 0;
  responseText = '';
  responseType = '';
  withCredentials = false;
  upload = {};
  onload?: () => void;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    FakeXhr.sent.push({ url: this.url, body });
    this.status = 200;
    this.responseText = JSON.stringify({ code: 200, success: true, data: { id: 'a'.repeat(32) }, msg: '' });
    setTimeout(() => this.onload?.(), 0);
  }
}

function blade(persons: TrainerVO[] = [zhang, li]) {
  return fakeBlade({
    [`GET ${LIST}`]: persons,
    [`POST ${ADD}`]: (call: { body: Record<string, unknown> }) => ({ ...zhang, id: '13', ...call.body }),
    [`POST ${SUBMIT}`]: { count: 1, records: [{ ...zhang, trainerState: 'submitted' }, li] },
    [`GET ${TREE}`]: (call: { query: URLSearchParams }) => ({
      records: call.query.get('parentId')
        ? [{ id: '71', catalogCode: 'cnex_person_register', canUpload: 1, hasChildren: false }]
        : [{ id: '70', catalogCode: 'cnex', canUpload: 0, hasChildren: true }],
    }),
    [`POST ${LINK_SCAN}`]: { ...zhang, registerFormScanId: 'a'.repeat(32), registerFormScanName: 'scan.png' },
  });
}

describe('TrainersPanel', () => {
  it("lists the record's persons with their states; only drafts offer edits", async () => {
    const calls = blade();
    renderScreen(<TrainersPanel cnexId="500" editable />);
    const row = (await screen.findByText('张三')).closest('tr') as HTMLElement;
    expect(within(row).getByText('草稿')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '修改' })).toBeInTheDocument();
    const done = screen.getByText('李四').closest('tr') as HTMLElement;
    expect(within(done).getByText('已提交')).toBeInTheDocument();
    expect(within(done).queryByRole('button', { name: '修改' })).toBeNull();
    expect(calls.to(LIST)[0].query.get('cnexId')).toBe('500');
  });

  it('checks the id card number before sending, then adds the person', async () => {
    const calls = blade([]);
    renderScreen(<TrainersPanel cnexId="500" editable />);
    await screen.findByText('暂无人员，请点击“添加人员”');
    fireEvent.click(screen.getByRole('button', { name: '添加人员' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/姓名/), { target: { value: '王五' } });
    fireEvent.change(within(dialog).getByLabelText(/身份证号/), { target: { value: '110101199003070012' } });
    fireEvent.click(within(dialog).getByLabelText('Ex 000 基础知识'));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(
      await within(dialog).findByText('身份证号不正确（18位，末位校验码须符合GB 11643）'),
    ).toBeInTheDocument();
    expect(calls.to(ADD)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/身份证号/), { target: { value: '110101199003070011' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.to(ADD)).toHaveLength(1));
    expect(calls.to(ADD)[0].body).toMatchObject({
      cnexId: '500',
      name: '王五',
      idCardNo: '110101199003070011',
      gender: 'M',
      units: 'Ex000',
    });
  });

  it('uploads a register-form scan into the record archive and links it', async () => {
    (global as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
    FakeXhr.sent = [];
    const calls = blade();
    renderScreen(<TrainersPanel cnexId="500" editable />);
    const row = (await screen.findByText('张三')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '上传注册表扫描件' }));
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'scan.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('trainer-file-input'), { target: { files: [file] } });
    await waitFor(() => expect(calls.to(LINK_SCAN)).toHaveLength(1));
    const sent = FakeXhr.sent[0].body;
    expect(sent.get('functionCode')).toBe('cnex_application');
    expect(sent.get('dataId')).toBe('500');
    expect(sent.get('fileCatalogId')).toBe('71');
    expect(calls.to(LINK_SCAN)[0].body).toEqual({ id: '11', fileId: 'a'.repeat(32) });
  });

  it('submits the draft persons after confirmation', async () => {
    const calls = blade();
    renderScreen(<TrainersPanel cnexId="500" editable />);
    await screen.findByText('张三');
    fireEvent.click(screen.getByRole('button', { name: '提交人员' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.to(SUBMIT)).toHaveLength(1));
    expect(calls.to(SUBMIT)[0].body).toEqual({ cnexId: '500' });
    expect(await screen.findByText('已提交 1 名人员')).toBeInTheDocument();
  });

  it('offers nothing to change when the record is not editable', async () => {
    blade();
    renderScreen(<TrainersPanel cnexId="500" editable={false} />);
    await screen.findByText('张三');
    expect(screen.getByText('当前申请状态下人员信息不可修改')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '添加人员' })).toBeNull();
    expect(screen.queryByRole('button', { name: '提交人员' })).toBeNull();
    expect(screen.queryByRole('button', { name: '修改' })).toBeNull();
    expect(screen.queryByRole('button', { name: '上传注册表扫描件' })).toBeNull();
  });
});
