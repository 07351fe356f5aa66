import { randomBytes } from 'node:crypto';
import { withTenant } from '../../db/tenant';
import { adminToken, harnessPerFile, PLATFORM, type Harness } from '../../testing/harness';

let h: Harness;
let admin: string;

harnessPerFile(async (made) => {
  h = made;
  admin = await adminToken(h);
});

/** A stored file row of the platform tenant (the bytes are not needed by the attachment calls). */
async function addFile(name: string, extra: { kind?: string; is_stamped?: number; size?: number } = {}) {
  const id = randomBytes(16).toString('hex');
  await withTenant(h.blade.db, PLATFORM, (trx) =>
    trx
      .insertInto('blade_file')
      .values({
        id,
        tenant_id: PLATFORM,
        storage: 'local',
        object_key: `k/${id}`,
        original_filename: name,
        suffix: name.split('.').pop() ?? '',
        content_type: 'application/octet-stream',
        size: extra.size ?? 1,
        sha256: '',
        function_code: null,
        data_id: null,
        file_catalog_id: null,
        stamped_file_id: null,
        source_file_id: null,
        create_user: null,
        create_dept: null,
        update_user: null,
        kind: extra.kind ?? 'file',
        is_stamped: extra.is_stamped ?? 0,
      })
      .execute(),
  );
  return id;
}

const history = (fileId: string) =>
  withTenant(h.blade.db, PLATFORM, (trx) =>
    trx.selectFrom('blade_file_history').select('action').where('file_id', '=', fileId).execute(),
  );

describe('attachments (blade-resource/attach)', () => {
  it('answers a file with its link and size, and only files (kind = file)', async () => {
    const id = await addFile('报告.PDF', { size: 2048 });
    const other = await addFile('node.png', { kind: 'node' });
    const detail = await h.call(`/blade-resource/attach/detail?id=${id}`, admin);
    expect(detail.data).toMatchObject({
      id,
      originalName: '报告.PDF',
      extension: 'PDF',
      attachSize: 2048,
      link: `/api/blade-resource/file/downloadById?id=${id}`,
      domain: 'local',
      isDeleted: 0,
    });
    expect((await h.call(`/blade-resource/attach/detail?id=${other}`, admin)).status).toBe(404);
    expect(await h.call('/blade-resource/attach/detail?id=123', admin)).toMatchObject({
      status: 400,
      msg: 'id:必须是有效的文件ID',
    });
    const sorted = await h.call('/blade-resource/attach/list?descs=attachSize,extension', admin);
    expect(sorted.data.records[0].id).toBe(id);
    expect((await h.call('/blade-resource/attach/list?ascs=suffix', admin)).status).toBe(400);
  });

  it('renames a file and records it; there is no add', async () => {
    const id = await addFile('旧名.txt');
    expect(
      await h.call('/blade-resource/attach/submit', admin, { id, originalName: ' 新名\u202E.txt ' }),
    ).toMatchObject({ code: 200 });
    expect((await h.call(`/blade-resource/attach/detail?id=${id}`, admin)).data.originalName).toBe(
      '新名.txt',
    );
    expect((await history(id)).map((r) => r.action)).toEqual(['rename']);
    expect(await h.call('/blade-resource/attach/submit', admin, { originalName: 'x.txt' })).toMatchObject({
      status: 400,
      msg: '必须是有效的文件ID',
    });
    expect(
      await h.call('/blade-resource/attach/submit', admin, { id, originalName: '\u202E' }),
    ).toMatchObject({
      status: 400,
      msg: '请输入附件原名',
    });
  });

  it('removes what is not stamped and keeps the stamped files', async () => {
    const plain = await addFile('a.txt');
    const stamped = await addFile('b.txt', { is_stamped: 1 });
    const removed = await h.authed(`/blade-resource/attach/remove?ids=${plain},${stamped}`, {
      method: 'POST',
      token: admin,
    });
    expect(removed.status).toBe(200);
    expect((await h.call(`/blade-resource/attach/detail?id=${plain}`, admin)).status).toBe(404);
    expect((await h.call(`/blade-resource/attach/detail?id=${stamped}`, admin)).status).toBe(200);
    const again = await h.authed(`/blade-resource/attach/remove?ids=${stamped}`, {
      method: 'POST',
      token: admin,
    });
    expect(again.status).toBe(404);
  });
});
