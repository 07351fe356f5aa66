import { fireEvent, screen, within } from '@testing-library/react';
import { useMenuRoutes } from '@/lib/swr/use-menu-routes';

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

/** A refusal envelope as blade/ answers it (HTTP 400 with the message). */
export function refused(msg: string) {
  return new Response(JSON.stringify({ code: 400, success: false, data: {}, msg }), {
    status: 400,
    headers: { 'content-type': 'application/json' },
  });
}

/** The fields an oss or sms configuration row has in common: a vendor category and a stored write-only secret. */
export function vendorConfigRow(id: string, category: number, status: number) {
  return {
    id,
    tenantId: '000000',
    category,
    categoryName: '',
    accessKey: 'AK',
    secretKey: '',
    secretKeySet: true,
    appId: '',
    remark: '',
    status,
  };
}

/**
 * On an oss or sms screen: the secret key is never a column and is a password field in the add dialog. Leaves the
 * dialog open with its category list unfolded and answers the dialog and the categories offered.
 */
export async function openAddWithCategories() {
  expect(screen.queryByRole('columnheader', { name: 'SecretKey' })).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: '新增' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByLabelText('SecretKey')).toHaveAttribute('type', 'password');
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '分类' }));
  const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
  return { dialog, options };
}

/** Types each value into the field of `container` labelled with its key, in the order given. */
export function fillIn(container: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(within(container).getByLabelText(label), { target: { value } });
}

/** Stands in for the shell's sidebar, the real reader of `menu/routes`: shows how many routes it holds. */
export function Sidebar() {
  const { data } = useMenuRoutes();
  return <span data-testid="routes">{data?.length ?? 0}</span>;
}
