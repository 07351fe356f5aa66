import useSWR from 'swr';

/** The signed-in user as `oauth/user-info` returns it (the token response's user fields, never a token). */
export interface SessionUser {
  tenant_id: string;
  tenant_name?: string;
  user_id: string;
  account: string;
  real_name: string;
  user_name?: string;
  avatar?: string;
  role_id?: string;
  role_name?: string;
  dept_id?: string;
  /** A guest session of an SSO/social login: the third-party account it stands for (blade_user_oauth uuid); else ''. */
  oauth_id?: string;
}

export function useSessionUser() {
  return useSWR<SessionUser>('/api/blade-auth/oauth/user-info');
}
