import { fileCatalogResource } from '../../../lib/contracts/files/catalog';
import { describeResource } from '../../testing/contract';

// The library's own list and submit (library.resource.ts) answer the generic contract too; the record trees' rules
// are in catalog.test.ts.
const suite = describeResource(fileCatalogResource, {
  sample: (n) => ({
    catalogName: `契约目录 ${n}`,
    catalogCode: `C${n}`,
    fileType: '0',
    sort: n,
    remark: `备注 ${n}`,
    canUpload: 1,
    canMultiUpload: n % 100,
  }),
});

describe('catalogue library rules', () => {
  const submit = (body: Record<string, unknown>) =>
    suite.harness.call('/blade-resource/fileCatalog/submit', suite.admin, body);

  it('places a node under its parent, keeps it there and answers the node', async () => {
    const top = await submit({ catalogName: '顶级', maxFileSize: 20, canDel: 0 });
    expect(top.data).toMatchObject({
      parentId: '0',
      catalogName: '顶级',
      label: '顶级',
      maxFileSize: 20,
      canDel: 0,
    });
    const child = await submit({ catalogName: '子级', parentId: top.data.id });
    expect(child.data).toMatchObject({ parentId: top.data.id, nodePath: `${top.data.id},${child.data.id}` });
    const roots = await suite.harness.call('/blade-resource/fileCatalog/list?size=500', suite.admin);
    expect(roots.data.records.find((r: { id: string }) => r.id === top.data.id)).toMatchObject({
      hasChildren: true,
      isLeaf: false,
    });
    expect(await submit({ id: child.data.id, catalogName: '子级', parentId: '0' })).toMatchObject({
      status: 400,
      msg: '不能移动目录节点',
    });
    expect(await submit({ catalogName: '孤儿', parentId: '1234567890123' })).toMatchObject({
      status: 404,
      msg: '上级目录不存在',
    });
    // A blank rule keeps the node's; texts and the sort are replaced.
    const edited = await submit({ id: top.data.id, catalogName: '顶级二', maxFileSize: '', remark: '' });
    expect(edited.data).toMatchObject({
      catalogName: '顶级二',
      maxFileSize: 20,
      canDel: 0,
      remark: '',
      sort: 0,
    });
    expect(
      await suite.harness.call('/blade-resource/fileCatalog/remove', suite.admin, { ids: top.data.id }),
    ).toMatchObject({ status: 400, msg: '请先删除子目录' });
  });

  it('refuses limits out of range', async () => {
    expect(await submit({ catalogName: 'x', maxFileSize: 501 })).toMatchObject({
      status: 400,
      msg: 'maxFileSize:不能大于500',
      errorCode: 'common.validation.maxValue',
      errorArgs: { max: '500' },
    });
    expect(await submit({ catalogName: 'x', canMultiUpload: -1 })).toMatchObject({
      status: 400,
      msg: 'canMultiUpload:不能小于0',
      errorCode: 'common.refusal.notNegative',
    });
    expect(await submit({ catalogName: 'x', canView: 2 })).toMatchObject({
      status: 400,
      msg: 'canView:必须为0或1',
    });
  });
});
