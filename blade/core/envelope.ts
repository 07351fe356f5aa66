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
 * A refusal's parts for clients that show it in another language: `errorCode` is its message key (absent when it
 * has none), `errorArgs` the values of the key's placeholders (`{unpaid}`), `errorField` the path of the refused input
 * (`msg` is then `<field>:<text>`, Blade's form, and a client puts the field before its own text the same way).
 */
export interface Refusal {
  errorCode?: string;
  errorArgs?: Record<string, string | number>;
  errorField?: string;
}

/**
 * The envelope of a refusal: `msg` is `<field>:<text>` when the refusal names its input, else the text. The key, its
 * values and the field go out only with a key (core/errors.ts finds the key of a refusal written as text).
 */
export function failure(
  code: number,
  text: string,
  refusal: Refusal = {},
): R<Record<string, never>> & Refusal {
  const { errorCode, errorArgs, errorField } = refusal;
  const msg = errorField ? `${errorField}:${text}` : text;
  if (!errorCode) return { code, success: false, data: {}, msg };
  return {
    code,
    success: false,
    data: {},
    msg,
    errorCode,
    ...(errorArgs && { errorArgs }),
    ...(errorField && { errorField }),
  };
}
