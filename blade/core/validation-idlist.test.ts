import { idListOf } from '../../lib/contracts/inputs';

describe('idListOf', () => {
  const rule = idListOf(/^[a-f0-9]{32}$/, '必须是有效的文件ID', 3);
  const id = (n: number) => n.toString(16).padStart(32, '0');

  it('reads a comma-joined list, trimming and dropping blanks', () => {
    expect(rule.parse(` ${id(1)}, ,${id(2)} `)).toEqual([id(1), id(2)]);
  });

  it('reads a JSON array of ids as the same list, under the same rules', () => {
    expect(rule.parse([id(1), ` ${id(2)} `])).toEqual([id(1), id(2)]);
    expect(rule.safeParse([]).error?.issues[0].message).toBe('请选择至少一条数据');
    expect(rule.safeParse([id(1), 'nope']).error?.issues[0].message).toBe('必须是有效的文件ID');
    expect(rule.safeParse([{}]).error?.issues[0].message).toBe('不能为空');
  });

  it('refuses an empty list, a bad id and more than the cap, each in words', () => {
    expect(rule.safeParse(' , ').error?.issues[0].message).toBe('请选择至少一条数据');
    expect(rule.safeParse(`${id(1)},nope`).error?.issues[0].message).toBe('必须是有效的文件ID');
    expect(rule.safeParse([1, 2, 3, 4].map(id).join(',')).error?.issues[0].message).toBe(
      '必须是有效的文件ID',
    );
    expect(rule.parse([1, 2, 3].map(id).join(','))).toHaveLength(3);
  });
});
