import { withTenant } from '../../db/tenant';
import { addTenant, addUser, deptIds, roleIdByAlias } from '../../testing/fixtures';
import { harnessPerFile, PLATFORM, type Harness } from '../../testing/harness';
import { USER_LIST_BY_NAME_LIMIT } from './my.routes';

let h: Harness;
let plain: string;
let dept: string;

const URL = '/blade-user/my/userListByName';
const byName = (name: string, token = plain) => h.call(`${URL}?name=${encodeURIComponent(name)}`, token);

// A fixed hash: these users never log in, and hashing 60 passwords would only slow the suite.
const user = (account: string, extra: { realName?: string; status?: number } = {}, tenant = PLATFORM) =>
  addUser(h.blade.db, tenant, {
    account,
    rawHash: 'not-a-login',
    password: '',
    roleIds: [],
    deptIds: tenant === PLATFORM ? [dept] : [],
    ...extra,
  });

harnessPerFile(async (made) => {
  h = made;
  const db = h.blade.db;
  dept = (await deptIds(db, PLATFORM))[0];
  await addUser(db, PLATFORM, {
    account: 'plain',
    password: 'plain-pass',
    roleIds: [await roleIdByAlias(db, PLATFORM, 'user')],
    deptIds: [dept],
  });
  plain = (await h.login('plain', 'plain-pass')).access_token;
});

describe('GET /blade-user/my/userListByName', () => {
  it('answers live users of the caller tenant by account or real name, sorted by real name, without contact data', async () => {
    await user('pickb', { realName: 'Pick B' });
    await user('picka', { realName: 'Pick A' });
    await user('zhang', { realName: 'pick真名' });
    await user('pickoff', { realName: 'Pick Off', status: 0 });
    const gone = await user('pickgone', { realName: 'Pick Gone' });
    await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx.updateTable('blade_user').set({ is_deleted: 1 }).where('id', '=', gone).execute(),
    );
    await addTenant(h.blade.db, { tenantId: '300003', tenantName: 'Other', adminPassword: 'other-admin' });
    await user('pickother', { realName: 'Pick O' }, '300003');

    const res = await byName('PICK');
    expect(res.status).toBe(200);
    expect(res.data.map((u: { account: string }) => u.account)).toEqual(['picka', 'pickb', 'zhang']);
    expect(Object.keys(res.data[0]).sort()).toEqual(['account', 'deptName', 'id', 'name', 'realName']);
    expect(res.data[0]).toMatchObject({ account: 'picka', realName: 'Pick A', name: 'picka' });
    expect(res.data[0].deptName).not.toBe('');
  });

  it('takes % and _ literally', async () => {
    await user('a%b');
    await user('axb');
    await user('c_d');
    await user('cxd');
    expect((await byName('a%b')).data.map((u: { account: string }) => u.account)).toEqual(['a%b']);
    expect((await byName('c_d')).data.map((u: { account: string }) => u.account)).toEqual(['c_d']);
  });

  it(`answers at most ${USER_LIST_BY_NAME_LIMIT}`, async () => {
    for (let i = 0; i < USER_LIST_BY_NAME_LIMIT + 5; i++) {
      await user(`bulk${String(i).padStart(2, '0')}`);
    }
    const res = await byName('bulk');
    expect(res.data).toHaveLength(USER_LIST_BY_NAME_LIMIT);
    expect(res.data[0].account).toBe('bulk00');
    expect(res.data[USER_LIST_BY_NAME_LIMIT - 1].account).toBe(`bulk${USER_LIST_BY_NAME_LIMIT - 1}`);
  });

  it('needs a signed-in caller and refuses an overlong name', async () => {
    expect((await h.blade.app.request(`${URL}?name=pick`)).status).toBe(401);
    expect((await byName('x'.repeat(65))).status).toBe(400);
  });
});

describe('GET /blade-user/my/page (the share list)', () => {
  it('pages the same live users, without the caller, with the total', async () => {
    for (let i = 0; i < 12; i++) await user(`share${String(i).padStart(2, '0')}`);
    await user('share-off', { status: 0 });
    const first = await h.call('/blade-user/my/page?current=1&size=5&name=share', plain);
    expect(first.data).toMatchObject({ total: 12, size: 5, current: 1, pages: 3 });
    expect(first.data.records.map((u: { account: string }) => u.account)).toEqual([
      'share00',
      'share01',
      'share02',
      'share03',
      'share04',
    ]);
    expect(Object.keys(first.data.records[0]).sort()).toEqual([
      'account',
      'deptName',
      'id',
      'name',
      'realName',
    ]);
    const last = await h.call('/blade-user/my/page?current=3&size=5&name=share', plain);
    expect(last.data.records.map((u: { account: string }) => u.account)).toEqual(['share10', 'share11']);
    const all = await h.call('/blade-user/my/page?current=1&size=500', plain);
    expect(all.data.records.map((u: { account: string }) => u.account)).not.toContain('plain');
    expect((await h.call('/blade-user/my/page?current=x', plain)).status).toBe(400);
  });
});
