import useSWR from 'swr';

/** UserVO of `blade-user/my/detail` (the fields the personal info page edits). */
export interface MyDetail {
  id: string;
  tenantId: string;
  account: string;
  name: string;
  realName: string;
  avatar: string;
  email: string;
  phone: string;
  roleName: string;
  deptName: string;
}

export const MY_DETAIL_KEY = '/api/blade-user/my/detail';

export function useMyDetail() {
  return useSWR<MyDetail>(MY_DETAIL_KEY);
}
