/**
 * The `msg` texts of the envelopes the portal itself answers with. They follow the Blade result-code texts
 * (blade-contract §3.2) where one exists, since Blade clients show `msg` as it comes.
 */
export const MSG = {
  success: '操作成功',
  unauthorized: '请求未授权',
  rejected: '请求被拒绝',
  notFound: '404 没找到请求',
  badPath: '请求路径不合法',
  methodNotSupported: '不支持当前请求方法',
  badRequest: '请求参数错误',
  grantNotAllowed: '不支持的授权类型',
  locked: '会话已锁定，请先解锁',
  unavailable: '服务暂不可用，请稍后再试',
  timeout: '服务响应超时，请稍后再试',
  serverError: '服务器异常',
  clientClosed: '客户端已断开',
  tooManyRequests: '请求过于频繁，请稍后再试',
  ssoStateMismatch: '登录请求不属于当前浏览器，请重新登录',
} as const;
