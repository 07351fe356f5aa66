import { BladeError } from '@/lib/client/fetcher';
import { uploadWithProgress } from '@/components/files/upload';

/** A stand-in XMLHttpRequest: records what is sent and lets the test play the server. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  responseType = '';
  withCredentials = false;
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

beforeEach(() => {
  (global as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
});

describe('uploadWithProgress', () => {
  it('posts the form through the proxy path with X-CSRF, reports progress and resolves the envelope', async () => {
    const form = new FormData();
    form.append('dataId', 'D 1');
    const progress: number[] = [];
    const done = uploadWithProgress('/api/blade-resource/file/uploadFile', form, {
      params: { dataId: 'D 1' },
      onProgress: (p) => progress.push(p.percent),
    });
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/blade-resource/file/uploadFile?dataId=D+1');
    expect(xhr.headers['X-CSRF']).toBe('1');
    expect(xhr.body).toBe(form);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 });
    xhr.answer(200, { code: 200, success: true, data: { id: 'f1' }, msg: '操作成功' });
    await expect(done).resolves.toMatchObject({ data: { id: 'f1' } });
    expect(progress).toEqual([25, 100]);
  });

  it("rejects with the server's message when the body code is not 200", async () => {
    const done = uploadWithProgress('/api/x', new FormData());
    FakeXhr.last.answer(400, { code: 400, success: false, data: {}, msg: '文件大小不超过2M' });
    await expect(done).rejects.toEqual(expect.objectContaining({ message: '文件大小不超过2M', code: 400 }));
  });

  it('rejects on a 200 whose envelope says failure, and aborts with the signal', async () => {
    const failed = uploadWithProgress('/api/x', new FormData());
    FakeXhr.last.answer(200, { code: 400, msg: '上传限制：不超过 3 个文件' });
    await expect(failed).rejects.toBeInstanceOf(BladeError);

    const controller = new AbortController();
    const aborted = uploadWithProgress('/api/x', new FormData(), { signal: controller.signal });
    const xhr = FakeXhr.last;
    controller.abort();
    expect(xhr.aborted).toBe(true);
    await expect(aborted).rejects.toBeInstanceOf(BladeError);
  });
});
