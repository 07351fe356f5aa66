import { flattenTree, joinIds, splitIds, toColumn, withAncestorIds } from '@/components/crud/ids';
import type { TreeNode } from '@/components/crud/types';
import { buttonCodes } from '@/lib/permissions/buttons';

describe('crud id helpers', () => {
  it('joins and splits Blade comma lists, dropping blanks and the -1 placeholder', () => {
    expect(joinIds(['1', 2, '3'])).toBe('1,2,3');
    expect(joinIds(undefined)).toBe('');
    expect(splitIds('1, 2,,3')).toEqual(['1', '2', '3']);
    expect(splitIds('-1')).toEqual([]);
    expect(splitIds(['4', 5])).toEqual(['4', '5']);
    expect(splitIds(null)).toEqual([]);
  });

  it('flattens a tree depth-first with depths', () => {
    const flat = flattenTree<TreeNode>([
      { id: 'a', title: 'A', children: [{ id: 'b', title: 'B', children: [{ id: 'c', title: 'C' }] }] },
      { id: 'd', title: 'D' },
    ]);
    expect(flat.map((n) => `${n.id}${n.depth}`)).toEqual(['a0', 'b1', 'c2', 'd0']);
  });

  it('maps camelCase fields to the snake_case columns ascs/descs name', () => {
    expect(toColumn('paramName')).toBe('param_name');
    expect(toColumn('createTime')).toBe('create_time');
  });
});

describe('buttonCodes', () => {
  it('collects the button leaves of menu/buttons at any depth, not the menus that group them', () => {
    const codes = buttonCodes([
      {
        id: '1',
        parentId: '0',
        code: 'system',
        name: '',
        path: '',
        children: [
          {
            id: '2',
            parentId: '1',
            code: 'user',
            name: '',
            path: '',
            children: [
              { id: '3', parentId: '2', code: 'user_add', name: '', path: '' },
              { id: '4', parentId: '2', code: 'user_delete', name: '', path: '' },
            ],
          },
        ],
      },
    ]);
    expect([...codes].sort()).toEqual(['user_add', 'user_delete']);
    expect(buttonCodes(undefined).size).toBe(0);
  });
});

describe('withAncestorIds', () => {
  it('adds the ancestors of every pick once, so a button is stored with its page and group', () => {
    const tree: TreeNode[] = [
      {
        id: 'g',
        title: 'G',
        children: [
          {
            id: 'p',
            title: 'P',
            children: [
              { id: 'b1', title: 'B1' },
              { id: 'b2', title: 'B2' },
            ],
          },
        ],
      },
      { id: 'x', title: 'X' },
    ];
    expect(withAncestorIds(tree, ['b1', 'b2']).sort()).toEqual(['b1', 'b2', 'g', 'p']);
    expect(withAncestorIds(tree, ['x'])).toEqual(['x']);
    expect(withAncestorIds(tree, ['unknown'])).toEqual(['unknown']);
  });
});
