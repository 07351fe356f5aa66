import type { NoteNodeVO } from '@/lib/contracts/notes/notes';
import { catalogues, isWithin, orderWith, shifted, siblingsOf } from '@/components/notes/tree-model';

// What the drag and drop and the row menu send (components/notes/tree-model.ts): orders after a drop or a shift, and
// the catalogues a node may move into.

const node = (
  id: string,
  parentId: string,
  nodeType: NoteNodeVO['nodeType'],
  children: NoteNodeVO[] = [],
) => ({
  id,
  parentId,
  nodeType,
  name: id,
  sort: 0,
  shared: false,
  updateTime: '',
  children,
});

const tree: NoteNodeVO[] = [
  node('A', '0', 'catalog', [
    node('A1', 'A', 'catalog', [node('n3', 'A1', 'note')]),
    node('n2', 'A', 'note'),
  ]),
  node('n1', '0', 'note'),
  node('B', '0', 'catalog'),
];

describe('tree model', () => {
  it('puts a dropped node before its target, or last', () => {
    const top = siblingsOf(tree, '0');
    expect(orderWith(top, 'B', 'A')).toEqual(['B', 'A', 'n1']);
    expect(orderWith(top, 'A', 'B')).toEqual(['n1', 'A', 'B']);
    expect(orderWith(siblingsOf(tree, 'A'), 'n1', 'n2')).toEqual(['A1', 'n1', 'n2']);
    expect(orderWith(top, 'A')).toEqual(['n1', 'B', 'A']);
  });

  it('shifts up and down, and not past an end', () => {
    const top = siblingsOf(tree, '0');
    expect(shifted(top, 'n1', -1)).toEqual(['n1', 'A', 'B']);
    expect(shifted(top, 'n1', 1)).toEqual(['A', 'B', 'n1']);
    expect(shifted(top, 'A', -1)).toBeUndefined();
    expect(shifted(top, 'B', 1)).toBeUndefined();
  });

  it('knows a catalogue’s own subtree, which the move choice leaves out', () => {
    expect(isWithin(tree, 'A', 'A')).toBe(true);
    expect(isWithin(tree, 'A', 'A1')).toBe(true);
    expect(isWithin(tree, 'A', 'B')).toBe(false);
    expect(catalogues(tree).map(({ node: n, depth }) => `${n.id}:${depth}`)).toEqual(['A:0', 'A1:1', 'B:0']);
    expect(
      catalogues(tree)
        .filter(({ node: n }) => !isWithin(tree, 'A', n.id))
        .map(({ node: n }) => n.id),
    ).toEqual(['B']);
  });
});
