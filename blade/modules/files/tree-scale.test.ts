import { ADMIN_PASSWORD, harnessPerFile, PLATFORM, type Harness } from '../../testing/harness';
import { seedLargeTree } from './files.fixtures';

// A large record opens level by level: the roots, then the root's children, then a folder's leaves with their files,
// each node with the count of the files below it. The speed of the 5,051-node, 50,000-file record (open in under a
// second) is measured by `npm run bench` (bench/files.ts, files.tree), not timed here: this checks the answers on a
// record of the same shape, a tenth of the size.

let h: Harness;
let seeded: Awaited<ReturnType<typeof seedLargeTree>>;
const record = { functionCode: 'archive', dataId: 'BIG-1' };

harnessPerFile(async (made) => {
  h = made;
  seeded = await seedLargeTree(h.blade.db, PLATFORM, {
    ...record,
    folders: 20,
    leavesPerFolder: 25,
    filesPerLeaf: 10,
  });
  await h.login('admin', ADMIN_PASSWORD);
});

type Page = {
  data: { records: { id: string; fileCount: number; isLeaf: boolean; fileList: unknown[] }[]; total: number };
};

const list = async (query: string) =>
  (await (await h.authed(`/blade-resource/fileCatalog/selectFileList?${query}`)).json()) as Page;

it('opens a 521-node, 5,000-file record level by level with the file counts of each node', async () => {
  expect(seeded).toMatchObject({ nodeCount: 521, fileCount: 5000 });
  const q = new URLSearchParams(record);
  const roots = await list(`${q}`);
  const level1 = await list(`${q}&parentId=${seeded.rootId}`);
  expect(roots.data.records[0]).toMatchObject({ id: seeded.rootId, fileCount: 5000, isLeaf: false });
  expect(level1.data.total).toBe(20);
  expect(level1.data.records[0]).toMatchObject({ fileCount: 250, isLeaf: false });

  const leaves = await list(`${q}&parentId=${level1.data.records[7].id}`);
  expect(leaves.data.total).toBe(25);
  expect(leaves.data.records.every((n) => n.isLeaf && n.fileCount === 10 && n.fileList.length === 10)).toBe(
    true,
  );
});
