import { addRole, addUser, deptIds } from '../../../testing/fixtures';
import { adminToken, harnessPerFile, PLATFORM, type Harness } from '../../../testing/harness';

// The `post` data scope: a role holding one sees, changes and removes only the posts created in its depts (or its
// own), and gets 404 for the others; administrators are never narrowed.

let h: Harness;
let admin: string;
let near: string;
let far: string;
let role: string;
let menuIds: Map<string, string>;
const call = (path: string, token: string, body?: unknown) => h.call(path, token, body);
const codes = async (token: string) =>
  (await call('/blade-system/post/list?size=100&ascs=post_code', token)).data.records.map(
    (p: { postCode: string }) => p.postCode,
  );
const postId = async (code: string) =>
  (await call(`/blade-system/post/list?postCode=${code}`, admin)).data.records[0].id as string;

harnessPerFile(async (made) => {
  h = made;
  const db = h.blade.db;
  admin = await adminToken(h);
  menuIds = new Map(
    (await db.selectFrom('blade_menu').select(['id', 'code']).execute()).map((r) => [r.code, r.id]),
  );
  role = await addRole(db, PLATFORM, { name: '岗位员', alias: 'post_clerk' });
  await call('/blade-system/role/grant', admin, {
    roleIds: [role],
    menuIds: ['system', 'post', 'post_add', 'post_edit', 'post_delete', 'post_view'].map((c) =>
      menuIds.get(c),
    ),
    dataScopeIds: [],
    apiScopeIds: [],
  });
  const depts = await deptIds(db, PLATFORM);
  await addUser(db, PLATFORM, {
    account: 'near',
    password: 'near-pass',
    roleIds: [role],
    deptIds: [depts[1]],
  });
  await addUser(db, PLATFORM, { account: 'far', password: 'far-pass', roleIds: [role], deptIds: [depts[2]] });
  near = (await h.login('near', 'near-pass')).access_token;
  far = (await h.login('far', 'far-pass')).access_token;
  expect((await call('/blade-system/post/submit', near, { postCode: 'p_near', postName: '近' })).code).toBe(
    200,
  );
  expect((await call('/blade-system/post/submit', far, { postCode: 'p_far', postName: '远' })).code).toBe(
    200,
  );
});

it('is unrestricted until the role holds a post data scope', async () => {
  expect(await codes(near)).toEqual(['ceo', 'p_far', 'p_near']);
});

it('narrows the list to the own dept and answers 404 for the other posts', async () => {
  const added = await call('/blade-system/data-scope/submit', admin, {
    menuId: menuIds.get('post'),
    resourceCode: 'post',
    scopeName: '本部门岗位',
    scopeType: 3,
  });
  expect(added.code).toBe(200);
  const scope = (await call(`/blade-system/data-scope/list?menuId=${menuIds.get('post')}`, admin)).data
    .records[0];
  await call('/blade-system/role/grant', admin, { roleIds: [role], dataScopeIds: [scope.id] });

  // The seeded ceo post has no creator's dept: outside every dept scope.
  expect(await codes(near)).toEqual(['p_near']);
  expect(await codes(far)).toEqual(['p_far']);
  const farPost = await postId('p_far');
  expect((await call(`/blade-system/post/detail?id=${farPost}`, near)).status).toBe(404);
  expect(
    (await call('/blade-system/post/submit', near, { id: farPost, postCode: 'p_far', postName: '改' }))
      .status,
  ).toBe(404);
  expect(
    (await h.authed(`/blade-system/post/remove?ids=${farPost}`, { token: near, method: 'POST' })).status,
  ).toBe(404);
  // A batch with one id outside the scope removes nothing.
  const nearPost = await postId('p_near');
  expect(
    (await h.authed(`/blade-system/post/remove?ids=${nearPost},${farPost}`, { token: near, method: 'POST' }))
      .status,
  ).toBe(404);
  expect(await codes(near)).toEqual(['p_near']);
  expect((await call(`/blade-system/post/detail?id=${nearPost}`, near)).data.postName).toBe('近');
  // The administrator is never narrowed.
  expect(await codes(admin)).toEqual(['ceo', 'p_far', 'p_near']);
});

it('with scope type 2 shows only the posts the caller created', async () => {
  const scope = (await call(`/blade-system/data-scope/list?menuId=${menuIds.get('post')}`, admin)).data
    .records[0];
  await call('/blade-system/data-scope/submit', admin, {
    id: scope.id,
    menuId: menuIds.get('post'),
    resourceCode: 'post',
    scopeName: '本人岗位',
    scopeType: 2,
  });
  expect(
    (await call('/blade-system/post/submit', near, { postCode: 'p_near2', postName: '近二' })).code,
  ).toBe(200);
  expect(await codes(near)).toEqual(['p_near', 'p_near2']);
  expect(await codes(far)).toEqual(['p_far']);
});
