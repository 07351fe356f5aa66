import {
  checkUpload,
  collectNotStamped,
  fileActions,
  formatBytes,
  nodeActions,
  PREPARATION_FILE_TYPE,
  previewKind,
  remainingSlots,
  throttle,
  uploadLimits,
  type CatalogNode,
  type FileRow,
} from '@/components/files/model';

const node = (over: Partial<CatalogNode> = {}): CatalogNode => ({
  id: '10',
  parentId: '0',
  catalogName: '合同文件',
  canUpload: 1,
  canEdit: 1,
  fileType: '2',
  ...over,
});

const file = (over: Partial<FileRow> = {}): FileRow => ({
  id: 'f1',
  isFile: 1,
  originalFilename: '合同.pdf',
  canView: 1,
  canDownload: 1,
  canDel: 1,
  canCover: 1,
  canEdit: 1,
  hasProblem: 0,
  needStamped: 0,
  isStamped: 0,
  ...over,
});

describe('file row buttons follow the per-file flags', () => {
  it('shows every allowed action of a plain file', () => {
    expect(fileActions(file(), { queryView: false })).toEqual([
      'preview',
      'download',
      'cover',
      'delete',
      'markIssue',
      'history',
    ]);
  });

  it('hides what the server does not allow (flags as 0, "0" or false)', () => {
    const actions = fileActions(file({ canView: 0, canDownload: '0', canDel: false, canCover: undefined }), {
      queryView: true,
    });
    expect(actions).not.toContain('preview');
    expect(actions).not.toContain('download');
    expect(actions).not.toContain('delete');
    expect(actions).not.toContain('cover');
  });

  it('offers mark correct instead of mark issue on a problem file', () => {
    const actions = fileActions(file({ hasProblem: 1 }), { queryView: false });
    expect(actions).toContain('markCorrect');
    expect(actions).not.toContain('markIssue');
  });

  it('offers stamping only for files that need it and are not stamped', () => {
    expect(fileActions(file({ needStamped: 1 }), { queryView: false })).toContain('stamp');
    expect(fileActions(file({ needStamped: 1, isStamped: 1 }), { queryView: false })).not.toContain('stamp');
    expect(fileActions(file({ needStamped: 0 }), { queryView: false })).not.toContain('stamp');
  });

  it('gives a catalogue row (isFile 0) no file actions', () => {
    expect(fileActions(file({ isFile: 0 }), { queryView: true })).toEqual([]);
  });

  it('limits the buttons to the configured ones', () => {
    expect(fileActions(file(), { queryView: false, buttons: ['download', 'delete'] })).toEqual([
      'download',
      'delete',
    ]);
  });
});

describe('node buttons', () => {
  it('offers the missing-file pair only on the query view', () => {
    expect(nodeActions(node(), { queryView: false })).toEqual(['upload']);
    expect(nodeActions(node(), { queryView: true })).toEqual(['upload', 'markMissing']);
    expect(nodeActions(node({ isMissing: 1 }), { queryView: true })).toEqual(['upload', 'unmarkMissing']);
  });

  it('never offers them for the preparation file type', () => {
    expect(nodeActions(node({ fileType: PREPARATION_FILE_TYPE }), { queryView: true })).toEqual(['upload']);
    expect(nodeActions(node({ fileType: PREPARATION_FILE_TYPE, isMissing: 1 }), { queryView: true })).toEqual(
      ['upload'],
    );
  });

  it('offers upload only where canUpload is set', () => {
    expect(nodeActions(node({ canUpload: 0 }), { queryView: false })).toEqual([]);
  });
});

describe('upload limits', () => {
  it('counts the node slots from canMultiUpload; 0 means no limit', () => {
    expect(remainingSlots(node({ canMultiUpload: 3 }), 1)).toBe(2);
    expect(remainingSlots(node({ canMultiUpload: 3 }), 3)).toBe(0);
    expect(remainingSlots(node({ canMultiUpload: 3 }), 5)).toBe(0);
    expect(remainingSlots(node({ canMultiUpload: 0 }), 99)).toBe(Infinity);
    expect(remainingSlots(node({ canMultiUpload: '2' }), 0)).toBe(2);
  });

  it("trusts the server's uploadLimitReached", () => {
    expect(remainingSlots(node({ canMultiUpload: 3, uploadLimitReached: true }), 0)).toBe(0);
  });

  it('cover takes 1 file and a problem replacement 5, within the node size', () => {
    expect(uploadLimits('cover', node({ maxFileSize: 2 }), 0)).toEqual({ maxFiles: 1, maxFileSizeMb: 2 });
    expect(uploadLimits('problem', node(), 0)).toEqual({ maxFiles: 5, maxFileSizeMb: 500 });
    expect(uploadLimits('archive', node({ canMultiUpload: 4, maxFileSize: 800 }), 1)).toEqual({
      maxFiles: 3,
      maxFileSizeMb: 500,
    });
  });

  const MB = 1024 * 1024;
  it('refuses too many files first, with the limit', () => {
    const files = [1, 2, 3].map((i) => ({ name: `${i}.png`, size: 10 }));
    expect(checkUpload(files, { maxFiles: 2, maxFileSizeMb: 1 })).toEqual({ key: 'tooMany', n: 2 });
  });

  it('refuses a file over maxFileSize (exactly the limit passes, one byte more fails)', () => {
    expect(checkUpload([{ name: 'a.png', size: 2 * MB }], { maxFiles: 5, maxFileSizeMb: 2 })).toBeNull();
    expect(checkUpload([{ name: 'a.png', size: 2 * MB + 1 }], { maxFiles: 5, maxFileSizeMb: 2 })).toEqual({
      key: 'tooLarge',
      n: 2,
    });
  });

  it('accepts only the whitelisted extensions, case-insensitively', () => {
    const limits = { maxFiles: 5, maxFileSizeMb: 10 };
    expect(checkUpload([{ name: 'SCAN.JPG', size: 1 }], limits)).toBeNull();
    expect(checkUpload([{ name: 'run.exe', size: 1 }], limits)).toEqual({ key: 'badExtension', n: 'exe' });
    expect(checkUpload([{ name: 'noext', size: 1 }], limits)).toEqual({ key: 'badExtension', n: '—' });
    expect(checkUpload([{ name: 'a.png.exe', size: 1 }], limits)).toEqual({ key: 'badExtension', n: 'exe' });
    expect(checkUpload([], limits)).toEqual({ key: 'empty' });
  });
});

describe('stamping and previews', () => {
  it('collects files that need stamping and are not stamped', () => {
    const rows = [
      file({ id: 'a', needStamped: 1, isStamped: 0 }),
      file({ id: 'b', needStamped: 1, isStamped: 1 }),
      file({ id: 'c', needStamped: 0 }),
      file({ id: 'd', needStamped: '1', isStamped: '0' }),
      file({ id: 'e', needStamped: 1, isFile: 0 }),
    ];
    expect(collectNotStamped(rows).map((r) => r.id)).toEqual(['a', 'd']);
  });

  it('previews images and PDF inline and Office files through the server', () => {
    expect(previewKind({ originalFilename: 'a.JPEG' })).toBe('image');
    expect(previewKind({ originalFilename: 'x', suffix: 'pdf' })).toBe('pdf');
    expect(previewKind({ originalFilename: 'a.docx' })).toBe('office');
    expect(previewKind({ originalFilename: 'a.zip' })).toBe('none');
  });

  it('formats byte sizes with 2 decimals; negative gives --', () => {
    expect(formatBytes(0)).toBe('0.00 B');
    expect(formatBytes(1536)).toBe('1.50 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10.00 MB');
    expect(formatBytes(-1)).toBe('--');
  });
});

describe('tree reload throttle (600 ms)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs the first call at once and folds a burst into one trailing call', () => {
    const fn = jest.fn();
    const throttled = throttle(fn, 600);
    throttled('a');
    expect(fn).toHaveBeenCalledTimes(1);
    throttled('b');
    throttled('c');
    jest.advanceTimersByTime(599);
    expect(fn).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn).toHaveBeenLastCalledWith('c');
    jest.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('runs again at once after a quiet window, and cancel drops a pending call', () => {
    const fn = jest.fn();
    const throttled = throttle(fn, 600);
    throttled();
    jest.advanceTimersByTime(700);
    throttled();
    expect(fn).toHaveBeenCalledTimes(2);
    throttled();
    throttled.cancel();
    jest.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
