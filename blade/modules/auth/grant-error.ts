/** A refused token request; rendered flat (BladeX dialect) by the token route, never as an envelope. */
export class GrantError extends Error {
  constructor(
    readonly status: 400 | 401,
    message: string,
  ) {
    super(message);
    this.name = 'GrantError';
  }
}

export const GRANT_MESSAGES = {
  badCredentials: '用户名或密码错误',
  badCaptcha: '验证码不正确',
  captchaRequired: '已开启验证码登录，请使用验证码授权方式（grant_type=captcha）',
  pairLocked: '用户登录失败次数过多，请稍后再试',
  accountChallenged: '该账号登录失败次数过多，请使用验证码登录',
  userDisabled: '该账号已被禁用，请联系管理员',
  tenantExpired: '租户已过期，请联系管理员',
  tenantDisabled: '租户已被禁用，请联系管理员',
  noRole: '未获得用户的角色信息',
  badDept: '当前用户不属于所选部门',
  badRole: '当前用户不拥有所选角色',
  badClient: '客户端认证失败',
  noClient: '请求头中缺少客户端认证信息',
  unknownGrant: '不支持的授权类型',
  badRefresh: '登录状态已失效，请重新登录',
  // SSO and social login (oidc.service.ts).
  badState: '登录请求无效或已过期，请重新登录',
  sourceUnavailable: '该登录方式不可用',
  badRedirect: '回调地址与登录请求不一致',
  providerRefused: '身份提供方拒绝了登录，请重新登录',
  guestClosed: '该第三方账号尚未绑定用户，且未开放注册申请，请联系管理员',
  // SMS login (verify/sms-login.ts).
  badSmsCode: '验证码无效或已过期，请重新获取',
} as const;
