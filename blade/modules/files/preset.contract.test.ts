import { filePresetResource } from '../../../lib/contracts/files/preset';
import { describeResource } from '../../testing/contract';
import { PLATFORM } from '../../testing/harness';
import { addCatalogNode } from './files.fixtures';

const suite = describeResource(filePresetResource, {
  fixtures: async (db) => ({ node: await addCatalogNode(db, PLATFORM, { name: '契约目录' }) }),
  sample: (n, { node }) => ({ functionCode: `contract_fn_${n}`, fileCatalogId: node, sort: n }),
});

describe('file preset rules', () => {
  const call = (path: string, body?: Record<string, unknown>) => suite.harness.call(path, suite.admin, body);
  const submit = (body: Record<string, unknown>) => call('/blade-resource/filePreset/submit', body);
  let node: string;
  beforeAll(async () => {
    node = await addCatalogNode(suite.harness.blade.db, PLATFORM, { name: '规则目录' });
  });
  const presetOf = async (functionCode: string) =>
    (await call(`/blade-resource/filePreset/list?functionCode=${functionCode}`)).data.records[0];

  it('lists with the library node name, sorted only through the allowlist', async () => {
    expect(await submit({ functionCode: 'named', fileCatalogId: node })).toMatchObject({ code: 200 });
    expect(await presetOf('named')).toMatchObject({
      functionCode: 'named',
      fileCatalogId: node,
      catalogName: '规则目录',
    });
    expect(await call('/blade-resource/filePreset/list?descs=catalog_name')).toMatchObject({ status: 400 });
  });

  it('stores a blank override as inherited, and clears an override sent blank on edit', async () => {
    expect(
      await submit({ functionCode: 'rules', fileCatalogId: node, canUpload: 0, maxFileSize: 20, canDel: '' }),
    ).toMatchObject({ code: 200 });
    const added = await presetOf('rules');
    expect(added).toMatchObject({
      canUpload: 0,
      maxFileSize: 20,
      canDel: '',
      needStamped: '',
      canMultiUpload: '',
    });
    // Absent keeps, blank clears.
    expect(
      await submit({ id: added.id, functionCode: 'rules', fileCatalogId: node, maxFileSize: '' }),
    ).toMatchObject({ code: 200 });
    expect((await call(`/blade-resource/filePreset/detail?id=${added.id}`)).data).toMatchObject({
      canUpload: 0,
      maxFileSize: '',
      canDel: '',
    });
  });

  it('refuses an unknown node, a taken pair and limits out of range', async () => {
    expect(await submit({ functionCode: 'x', fileCatalogId: '1234567890123' })).toMatchObject({
      status: 404,
      msg: '目录不存在',
    });
    expect(await submit({ functionCode: 'named', fileCatalogId: node })).toMatchObject({
      status: 400,
      msg: '该功能已包含此目录',
      errorCode: 'fileConfig.preset.taken',
    });
    expect(await submit({ functionCode: 'y', fileCatalogId: node, maxFileSize: 501 })).toMatchObject({
      status: 400,
      msg: 'maxFileSize:不能大于500',
    });
    expect(await submit({ functionCode: 'y', fileCatalogId: node, canMultiUpload: -1 })).toMatchObject({
      status: 400,
      msg: 'canMultiUpload:不能小于0',
    });
    expect(await submit({ functionCode: 'y', fileCatalogId: node, canView: 2 })).toMatchObject({
      status: 400,
    });
  });
});
