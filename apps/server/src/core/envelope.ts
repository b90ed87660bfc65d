// The BladeX envelope every JSON answer uses: code 200 = success.
export type Envelope<T> = { code: number; success: boolean; data: T; msg: string };

export const ok = <T>(data: T, msg = '操作成功'): Envelope<T> => ({ code: 200, success: true, data, msg });

export const fail = (code: number, msg: string, data: unknown = null): Envelope<unknown> => ({ code, success: false, data, msg });

/** An error with an HTTP status and a message safe to show to the user. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string, data: unknown = null) => new HttpError(400, msg, data);
export const notFound = (msg = '数据不存在或已被删除') => new HttpError(404, msg);
export const forbidden = (msg = '请求被拒绝', data: unknown = null) => new HttpError(403, msg, data);
export const unauthorized = (msg = '请求未授权') => new HttpError(401, msg);
