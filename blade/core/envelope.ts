/** Blade response envelope `R` (contract §3). `success` is derived from `code`, never set on its own. */
export interface R<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export const MSG_SUCCESS = '操作成功';
export const MSG_NO_DATA = '暂无承载数据';

export function ok<T>(data: T, msg = MSG_SUCCESS): R<T | Record<string, never>> {
  if (data === null || data === undefined) return { code: 200, success: true, data: {}, msg: MSG_NO_DATA };
  return { code: 200, success: true, data, msg };
}

export function success(msg = MSG_SUCCESS): R<Record<string, never>> {
  return { code: 200, success: true, data: {}, msg };
}

/**
 * `errorCode`: the refusal's message key, for clients that show it in another language (absent when there is none);
 * `errorArgs`: the values of its placeholders (`{unpaid}`), when it has any.
 */
export function failure(
  code: number,
  msg: string,
  errorCode?: string,
  errorArgs?: Record<string, string | number>,
): R<Record<string, never>> & { errorCode?: string; errorArgs?: Record<string, string | number> } {
  if (!errorCode) return { code, success: false, data: {}, msg };
  return errorArgs
    ? { code, success: false, data: {}, msg, errorCode, errorArgs }
    : { code, success: false, data: {}, msg, errorCode };
}
