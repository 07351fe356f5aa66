import { fileFunctionResource } from '../../../lib/contracts/files/function';
import { describeResource } from '../../testing/contract';

const suite = describeResource(fileFunctionResource, {
  sample: (n) => ({
    functionCode: `contract_fn_${n}`,
    functionName: `功能 ${n}`,
    usePosition: `位置 ${n}`,
    isHidden: n % 2,
  }),
});

describe('file function rules', () => {
  const post = (body: Record<string, unknown>) =>
    suite.harness.call('/blade-resource/fileFunction/submit', suite.admin, body);
  const find = async (code: string) =>
    (
      await suite.harness.call(`/blade-resource/fileFunction/list?functionCode=${code}`, suite.admin)
    ).data.records.find((r: { functionCode: string }) => r.functionCode === code);

  it('answers the hidden flag under both names and takes is_hidden over isHidden', async () => {
    expect(
      await post({ functionCode: 'alias_a', functionName: 'A', is_hidden: 1, isHidden: 0 }),
    ).toMatchObject({
      code: 200,
    });
    expect(await find('alias_a')).toMatchObject({ is_hidden: 1, isHidden: 1 });
    expect(await post({ functionCode: 'alias_b', functionName: 'B', isHidden: 1 })).toMatchObject({
      code: 200,
    });
    expect(await find('alias_b')).toMatchObject({ is_hidden: 1, isHidden: 1 });
    expect(await post({ functionCode: 'alias_c', functionName: 'C' })).toMatchObject({ code: 200 });
    expect(await find('alias_c')).toMatchObject({ is_hidden: 0, isHidden: 0 });
    expect(await post({ functionCode: 'alias_d', functionName: 'D', is_hidden: 2 })).toMatchObject({
      status: 400,
      msg: 'is_hidden:必须为0或1',
    });
  });

  it('takes codes of letters, digits, underscores and hyphens only', async () => {
    expect(await post({ functionCode: 'a b', functionName: 'x' })).toMatchObject({
      status: 400,
      msg: 'functionCode:只能包含字母、数字、下划线和短横线',
    });
  });
});
