import { ensureRecordArchives } from './archives';
import { departmentPair } from './business.test-helpers';
import { form, pngBytes } from '../files/files.test-helpers';
import { withTenant } from '../../db/tenant';
import { addRole, addTenant, addUser, deptIds, grantMenus } from '../../testing/fixtures';
import { adminToken, harnessPerFile, PLATFORM, type Harness } from '../../testing/harness';

// The archive trees of projects and contracts: every tenant starts with the functions and their catalogue, and a
// record's files follow the record's rights and data scope.

interface Node {
  id: string;
  catalogName: string;
  catalogCode: string;
  mustUpload: number;
  canUpload: number;
  fileCount: number;
}

let h: Harness;
let admin: string;

harnessPerFile(async (made) => {
  h = made;
  admin = await adminToken(h);
});

const tree = async (functionCode: string, dataId: string, token: string, parentId = '') =>
  h.call(
    `/blade-resource/fileCatalog/selectFileList?${new URLSearchParams({ functionCode, dataId, ...(parentId && { parentId }) })}`,
    token,
  );
const upload = async (fields: Record<string, string>, token: string) => {
  const res = await h.blade.app.request('/blade-resource/file/uploadFile', {
    method: 'POST',
    body: form(fields, { name: '立项批复.png', bytes: pngBytes() }),
    headers: { 'Blade-Auth': `bearer ${token}` },
  });
  return { status: res.status, ...((await res.json()) as { code: number; msg: string }) };
};
const childrenOf = async (functionCode: string, dataId: string, token: string) => {
  const roots = (await tree(functionCode, dataId, token)).data.records as Node[];
  expect(roots).toHaveLength(1);
  return {
    root: roots[0],
    children: (await tree(functionCode, dataId, token, roots[0].id)).data.records as Node[],
  };
};

async function addProject(token: string, name: string) {
  expect(
    await h.call('/business-service/project/add', token, {
      projectName: name,
      projectUnit: '某防爆电器厂',
      projectType: '1',
    }),
  ).toMatchObject({ code: 200 });
  const list = await h.call('/business-service/project/list', token, {
    projectName: name,
    current: 1,
    size: 10,
  });
  return list.data.records[0].id as string;
}

describe('default archive functions', () => {
  it('gives a tenant created through tenant/submit the project and contract functions with their catalogue', async () => {
    const created = await h.call('/blade-system/tenant/submit', admin, {
      tenantName: '新研究所',
      adminPassword: 'new-admin-pass',
    });
    expect(created).toMatchObject({ code: 200 });
    const tenantId = created.data.tenantId as string;
    const tenantAdmin = (await h.login('admin', 'new-admin-pass', tenantId)).access_token;
    const fns = await h.call('/blade-resource/fileFunction/list?size=100', tenantAdmin);
    // Beside the applications' document trees (modules/application/documents.ts).
    expect(fns.data.records.map((r: { functionCode: string }) => r.functionCode).sort()).toEqual([
      'ccc_application',
      'cnex_application',
      'contract',
      'cqst_application',
      'project',
    ]);
    const presets = await h.call('/blade-resource/filePreset/list?functionCode=contract', tenantAdmin);
    expect(presets.data.records).toEqual([expect.objectContaining({ catalogName: '合同档案' })]);
  });

  it('seeds the platform tenant at start, and never again over an administrator’s changes', async () => {
    const fns = await h.call('/blade-resource/fileFunction/list?size=100', admin);
    const project = fns.data.records.find((r: { functionCode: string }) => r.functionCode === 'project');
    expect(project).toMatchObject({ functionName: '项目' });
    // The administrator renames the function and removes the contract function: a later start keeps both choices.
    expect(
      await h.call('/blade-resource/fileFunction/submit', admin, {
        id: project.id,
        functionCode: 'project',
        functionName: '科研项目',
      }),
    ).toMatchObject({ code: 200 });
    const contract = fns.data.records.find((r: { functionCode: string }) => r.functionCode === 'contract');
    expect(await h.call(`/blade-resource/fileFunction/remove?ids=${contract.id}`, admin, {})).toMatchObject({
      code: 200,
    });
    expect(await withTenant(h.blade.db, PLATFORM, (trx) => ensureRecordArchives(trx, PLATFORM))).toEqual([]);
    const after = await h.call('/blade-resource/fileFunction/list?size=100', admin);
    const mine = after.data.records.filter((r: { functionCode: string }) =>
      ['project', 'contract'].includes(r.functionCode),
    );
    expect(mine.map((r: { functionName: string }) => r.functionName)).toEqual(['科研项目']);
    expect(
      (await h.call('/blade-resource/filePreset/list?functionCode=project', admin)).data.records,
    ).toHaveLength(1);
    // A tenant that never had them gets them (tenants made before this catalogue existed).
    await addTenant(h.blade.db, {
      tenantId: '300021',
      tenantName: '旧租户',
      adminPassword: 'old-admin-pass',
    });
    expect(await withTenant(h.blade.db, '300021', (trx) => ensureRecordArchives(trx, '300021'))).toEqual([
      'project',
      'contract',
    ]);
    expect(await withTenant(h.blade.db, '300021', (trx) => ensureRecordArchives(trx, '300021'))).toEqual([]);
  });

  it('shows a new project its tree with the must-upload folders marked', async () => {
    const projectId = await addProject(admin, '档案目录项目');
    const { root, children } = await childrenOf('project', projectId, admin);
    expect(root).toMatchObject({ catalogName: '项目档案', canUpload: 0 });
    expect(children.map((n) => n.catalogName)).toEqual([
      '立项材料',
      '合同文本',
      '实施过程材料',
      '验收材料',
      '发票及收付款凭证',
      '其他材料',
    ]);
    expect(children.filter((n) => n.mustUpload === 1).map((n) => n.catalogCode)).toEqual([
      'project_initiation',
      'project_acceptance',
    ]);
  });
});

describe('a record’s files follow the record', () => {
  it('lets a department upload to its project and contract, and answers 404 outside its data scope', async () => {
    const pair = await departmentPair(h, admin, {
      name: '档案项目经理',
      alias: 'arch',
      codes: ['project', 'project_add', 'project_edit', 'contract', 'contract_add', 'contract_edit'],
    });
    const near = pair.near.access_token;
    const far = pair.far.access_token;
    const projectId = await addProject(near, '近处档案项目');
    const { children } = await childrenOf('project', projectId, near);
    const initiation = children.find((n) => n.catalogCode === 'project_initiation')!;
    expect(initiation).toMatchObject({ canUpload: 1, mustUpload: 1, fileCount: 0 });

    const fields = { functionCode: 'project', dataId: projectId, fileCatalogId: initiation.id };
    expect(await upload(fields, near)).toMatchObject({ status: 200, code: 200 });
    const after = (await childrenOf('project', projectId, near)).children.find(
      (n) => n.id === initiation.id,
    )!;
    expect(after).toMatchObject({ fileCount: 1 });

    // Outside the department: the project is not there, nor its tree, nor a way to upload into it.
    expect(await tree('project', projectId, far)).toMatchObject({ status: 404 });
    expect(await upload(fields, far)).toMatchObject({ status: 404 });

    // The contract's tree: the same rule.
    expect(
      await h.call('/business-service/contract/add', near, {
        projectId,
        contractName: '检验合同',
        contractCode: 'HT-ARCH-1',
        contractAmount: '100.00',
      }),
    ).toMatchObject({ code: 200 });
    const contractId = (
      await h.call('/business-service/contract/list', near, {
        contractCode: 'HT-ARCH-1',
        current: 1,
        size: 10,
      })
    ).data.records[0].id as string;
    const contractTree = await childrenOf('contract', contractId, near);
    expect(contractTree.root.catalogName).toBe('合同档案');
    const text = contractTree.children.find((n) => n.catalogCode === 'contract_text')!;
    const contractFields = { functionCode: 'contract', dataId: contractId, fileCatalogId: text.id };
    expect(await upload(contractFields, near)).toMatchObject({ code: 200 });
    expect(await upload(contractFields, far)).toMatchObject({ status: 404 });
  });

  it('lets a reader without the edit button see the tree but not upload', async () => {
    const projectId = await addProject(admin, '只读档案项目');
    const role = await addRole(h.blade.db, PLATFORM, { name: '项目查看', alias: 'preader' });
    await grantMenus(h.blade.db, PLATFORM, role, ['administration', 'project']);
    await addUser(h.blade.db, PLATFORM, {
      account: 'reader',
      password: 'reader-pass',
      roleIds: [role],
      deptIds: (await deptIds(h.blade.db, PLATFORM)).slice(0, 1),
    });
    const reader = (await h.login('reader', 'reader-pass')).access_token;
    const { children } = await childrenOf('project', projectId, reader);
    const initiation = children.find((n) => n.catalogCode === 'project_initiation')!;
    expect(initiation.canUpload).toBe(0);
    expect(
      await upload({ functionCode: 'project', dataId: projectId, fileCatalogId: initiation.id }, reader),
    ).toMatchObject({ status: 403 });
  });

  it('answers another tenant 404 for a project’s files', async () => {
    const projectId = await addProject(admin, '他租户档案项目');
    const { children } = await childrenOf('project', projectId, admin);
    const b = await addTenant(h.blade.db, {
      tenantId: '300022',
      tenantName: 'B 所',
      adminPassword: 'b-pass',
    });
    await grantMenus(h.blade.db, '300022', b.roleId, ['administration', 'project', 'project_edit']);
    const other = (await h.login('admin', 'b-pass', '300022')).access_token;
    expect(await tree('project', projectId, other)).toMatchObject({ status: 404 });
    expect(
      await upload({ functionCode: 'project', dataId: projectId, fileCatalogId: children[0].id }, other),
    ).toMatchObject({ status: 404 });
  });
});
