import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FileTreePage } from '@/components/files/file-tree-page';
import { refusal } from '@/components/files/preview-dialog';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';

const record = { functionCode: 'contract', dataId: 'D1' };

function serve() {
  return fakeBlade({
    '/api/blade-resource/fileCatalog/selectFileList': [
      { id: '1', parentId: '0', catalogName: '合同文件', canUpload: 1, isLeaf: true, fileCount: 1 },
    ],
    '/api/blade-resource/fileCatalog/selectCurrentFileList': page([
      {
        id: 'f1',
        isFile: 1,
        originalFilename: '合同.png',
        suffix: 'png',
        canView: 1,
        canEdit: 1,
        needStamped: 1,
        isStamped: 0,
        stampedNotSaved: 0,
      },
    ]),
    '/api/blade-resource/file/signatureDocument': { stampedFileId: 's1', fileId: 'f1' },
    '/api/blade-resource/file/getFileAuthKey': { authKey: 'k1', fileId: 's1', expiresIn: 300 },
    '/api/blade-resource/file/updateStamped': {},
  });
}

async function startStamp() {
  fireEvent.click(await screen.findByText('合同文件'));
  const row = (await screen.findByText('合同.png')).closest('[role="row"]') as HTMLElement;
  fireEvent.click(within(row).getByRole('button', { name: '签章' }));
  expect(await screen.findByText('是否确认签章文件?')).toBeInTheDocument();
  fireEvent.click(await screen.findByRole('button', { name: '确定' }));
  return screen.findByTestId('signing-frame');
}

describe('signing', () => {
  it('confirms, stamps a copy, shows it in the frame and finishes with updateStamped 1', async () => {
    const blade = serve();
    renderScreen(<FileTreePage record={record} queryView={false} />);
    const frame = await startStamp();
    expect(blade.to('/api/blade-resource/file/signatureDocument')[0].query.get('fileId')).toBe('f1');
    expect(frame.getAttribute('src')).toBe('/api/blade-resource/file/preview?id=s1&authKey=k1');
    fireEvent.click(screen.getByRole('button', { name: '完成签章' }));
    await waitFor(() => expect(blade.to('/api/blade-resource/file/updateStamped')).toHaveLength(1));
    expect(blade.to('/api/blade-resource/file/updateStamped')[0].body).toEqual({
      stampedFileId: 's1',
      isSaveStamped: 1,
    });
    await waitFor(() => expect(screen.queryByTestId('signing-frame')).not.toBeInTheDocument());
  });

  it('asks 是否确认取消签章? before cancelling, and cancels with updateStamped 0', async () => {
    const blade = serve();
    renderScreen(<FileTreePage record={record} queryView={false} />);
    await startStamp();
    // Declined: nothing is sent and the viewer is usable again (its buttons are not left aria-hidden).
    fireEvent.click(screen.getByRole('button', { name: '取消签章' }));
    fireEvent.click(await screen.findByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText('是否确认取消签章?')).not.toBeInTheDocument());
    expect(blade.to('/api/blade-resource/file/updateStamped')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: '取消签章' }));
    expect(await screen.findByText('是否确认取消签章?')).toBeInTheDocument();
    // Found without `hidden: true`: the confirmation is on top, the viewer (opened while 是否确认签章文件? was still
    // fading out) is the one hidden behind it.
    const viewer = screen.getByText('签章：合同.png').closest('.MuiDialog-root') as HTMLElement;
    await waitFor(() => expect(viewer).toHaveAttribute('aria-hidden', 'true'));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(blade.to('/api/blade-resource/file/updateStamped')).toHaveLength(1));
    expect(blade.to('/api/blade-resource/file/updateStamped')[0].body).toEqual({
      stampedFileId: 's1',
      isSaveStamped: 0,
    });
  });

  it('does not stamp when the confirmation is declined', async () => {
    const blade = serve();
    renderScreen(<FileTreePage record={record} queryView={false} />);
    fireEvent.click(await screen.findByText('合同文件'));
    const row = (await screen.findByText('合同.png')).closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '签章' }));
    fireEvent.click(await screen.findByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText('是否确认签章文件?')).not.toBeInTheDocument());
    expect(blade.to('/api/blade-resource/file/signatureDocument')).toHaveLength(0);
  });
});

describe('preview refusal', () => {
  it("reads the server's message from a frame that received an envelope instead of a document", () => {
    const doc = document.implementation.createHTMLDocument('x');
    doc.body.textContent = JSON.stringify({ code: 400, msg: '该文件暂不支持在线预览' });
    Object.defineProperty(doc, 'contentType', { value: 'application/json' });
    expect(refusal(doc)).toBe('该文件暂不支持在线预览');
    const pdf = document.implementation.createHTMLDocument('y');
    Object.defineProperty(pdf, 'contentType', { value: 'application/pdf' });
    expect(refusal(pdf)).toBe(false);
    expect(refusal(null)).toBe(false);
  });
});
