import { defineAction } from '@/lib/contracts/action';
import { ACTION_DEFINITIONS } from '@/lib/contracts/registry';
import { WRITING_GET_CALLS, writesOnGet, writingGetCalls } from '@/lib/contracts/writing-calls';
import { z } from 'zod';

const paths = (calls: readonly { path: string }[]) => calls.map((call) => call.path).sort();

describe('WRITING_GET_CALLS', () => {
  it("holds the GET calls that write: the stamping actions, the export key and the alert configurations' delete and status", () => {
    expect(paths(WRITING_GET_CALLS)).toEqual([
      '/blade-cqst/certExpireAlert/deleteCertConfig',
      '/blade-cqst/certExpireAlert/updateCertConfigStatus',
      // Stores a single-use export key (modules/acceptance).
      '/blade-cqst/exportExcel/getAuthKey',
      '/blade-resource/file/signatureDocument',
      '/blade-resource/file/viewOfd',
    ]);
    expect(WRITING_GET_CALLS.every((call) => call.method === 'GET')).toBe(true);
    expect(writesOnGet('/blade-resource/file/viewOfd')).toBe(true);
  });

  it('comes from the actions: a GET action that writes is in, one that only reads is not', () => {
    const reads = defineAction({
      name: 'peek',
      call: { method: 'GET', path: '/blade-test/thing/peek' },
      input: z.object({}),
      access: {},
      writes: false,
    });
    const writes = defineAction({
      ...reads,
      name: 'poke',
      call: { method: 'GET', path: '/blade-test/thing/poke' },
      writes: true,
    });
    const posts = defineAction({
      ...reads,
      name: 'push',
      call: { method: 'POST', path: '/blade-test/thing/push' },
      writes: true,
    });
    expect(paths(writingGetCalls([reads, writes, posts], []))).toEqual(['/blade-test/thing/poke']);

    // And in the registry: the dept tree is a GET action that reads.
    const deptTree = ACTION_DEFINITIONS.find((action) => action.call.path === '/blade-system/dept/tree');
    expect(deptTree).toMatchObject({ call: { method: 'GET' }, writes: false });
    expect(writesOnGet('/blade-system/dept/tree')).toBe(false);
  });

  it('declares every action call once', () => {
    const keys = ACTION_DEFINITIONS.map((action) => `${action.call.method} ${action.call.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
