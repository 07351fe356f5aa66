/** A `menu/buttons` answer holding the given button codes under one page. */
export function buttonsWith(codes: string[]) {
  return [
    {
      id: 'page',
      parentId: '0',
      code: 'page',
      name: 'page',
      path: '/page',
      category: 1,
      children: codes.map((code) => ({
        id: code,
        parentId: 'page',
        code,
        name: code,
        path: '',
        category: 2,
      })),
    },
  ];
}
