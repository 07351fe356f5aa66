import type { Hono } from 'hono';
import type { BladeEnv } from '../core/context';
import type { Db } from '../db/tenant';
import { peekCaptcha } from '../modules/auth/captcha.repository';
import { md5Hex } from '../modules/auth/password';

/** A Blade envelope as the screens read it. */
export interface Envelope {
  status: number;
  code: number;
  success: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the generator walks answer shapes freely
  data: any;
  msg: string;
}

/**
 * The demo generator's way into blade/: the same HTTP calls the portal's screens make, in process (`app.request`),
 * with real logins. The captcha of a login is answered by reading the stored answer (what the test hook reads), so the
 * generator needs no test hooks in a running portal; everything after the token is the ordinary call path.
 */
export class DemoClient {
  private readonly basic: string;

  constructor(
    private readonly app: Hono<BladeEnv>,
    private readonly db: Db,
    client: { clientId: string; clientSecret: string },
  ) {
    this.basic = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
  }

  /** A captcha login of `account` in `tenantId`; the access token. */
  async login(account: string, password: string, tenantId: string): Promise<string> {
    const captcha = (await (await this.app.request('/blade-auth/oauth/captcha')).json()) as {
      data: { key: string };
    };
    const key = captcha.data.key;
    const answer = (await peekCaptcha(this.db, key)) ?? '';
    const params = new URLSearchParams({
      grant_type: 'captcha',
      tenantId,
      username: account,
      password: md5Hex(password),
      scope: 'all',
      type: 'account',
    });
    const res = await this.app.request(`/blade-auth/oauth/token?${params}`, {
      method: 'POST',
      headers: { Authorization: this.basic, 'Captcha-Key': key, 'Captcha-Code': answer },
    });
    const body = (await res.json()) as { access_token?: string; error_description?: string };
    if (res.status !== 200 || !body.access_token)
      throw new Error(
        `[demo] login ${account}@${tenantId} failed: ${res.status} ${body.error_description ?? ''}`,
      );
    return body.access_token;
  }

  /** GET `path`, or POST `body` as JSON when given. */
  async call(path: string, token: string, body?: unknown): Promise<Envelope> {
    const res = await this.app.request(path, {
      headers: {
        'Blade-Auth': `bearer ${token}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { method: 'POST', body: JSON.stringify(body) }),
    });
    return { status: res.status, ...((await res.json()) as Omit<Envelope, 'status'>) };
  }

  /** As `call`, throwing unless the answer is a success: the generator stops at the first refused step. */
  async must(path: string, token: string, body?: unknown): Promise<Envelope> {
    const answer = await this.call(path, token, body);
    if (answer.code !== 200) throw new Error(`[demo] ${path} refused: ${answer.code} ${answer.msg}`);
    return answer;
  }

  /** A multipart upload (the file screens' call). */
  async upload(
    token: string,
    fields: Record<string, string>,
    file: { name: string; bytes: Uint8Array },
  ): Promise<string> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
    const res = await this.app.request('/blade-resource/file/uploadFile', {
      method: 'POST',
      body: form,
      headers: { 'Blade-Auth': `bearer ${token}` },
    });
    const body = (await res.json()) as { code: number; msg: string; data: { id: string } };
    if (body.code !== 200) throw new Error(`[demo] upload ${file.name} refused: ${body.code} ${body.msg}`);
    return body.data.id;
  }
}
