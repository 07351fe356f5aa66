import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * Real receivers on loopback for what blade/ sends: an SMTP server (the smtp-server package, speaking the protocol
 * nodemailer talks to any mail server) that keeps every accepted message parsed, and an SMS vendor's HTTP API (Yunpian's
 * documented single-send call, SMS category 1) that keeps every accepted text. Tests read the codes out of them as a
 * person reads them off a phone or an inbox.
 */

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

export interface MailReceiver {
  url: string;
  mails: ReceivedMail[];
  /** The latest mail to `to` that arrived after `since` mails had (waits up to 5 s). */
  next(to: string, since?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

async function waitFor<T>(find: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing arrived: ${what}`);
}

export async function startMailReceiver(): Promise<MailReceiver> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          for (const rcpt of session.envelope.rcptTo)
            mails.push({
              to: rcpt.address.toLowerCase(),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
            });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    next: (to, since = 0) =>
      waitFor(
        () =>
          mails
            .slice(since)
            .reverse()
            .find((m) => m.to === to.toLowerCase()),
        `mail to ${to}`,
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ReceivedSms {
  mobile: string;
  templateId: string;
  params: Record<string, string>;
}

export interface SmsReceiver {
  endpoint: string;
  /** `host:port` for OUTBOUND_ALLOWED_HOSTS. */
  host: string;
  apikey: string;
  texts: ReceivedSms[];
  /** Refuse every send from now on (the vendor's business refusal), or accept again. */
  refuse(on: boolean): void;
  next(mobile: string, since?: number): Promise<ReceivedSms>;
  close(): Promise<void>;
}

/** Yunpian's POST /v2/sms/tpl_single_send.json: form body apikey, mobile, tpl_id, tpl_value (`#name#=value&…`). */
export async function startSmsReceiver(apikey = 'yunpian-test-apikey'): Promise<SmsReceiver> {
  const texts: ReceivedSms[] = [];
  let refusing = false;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.url !== '/v2/sms/tpl_single_send.json') return answer(404, { code: -1, msg: 'not found' });
      if (form.get('apikey') !== apikey) return answer(401, { code: -1, msg: '非法的apikey' });
      if (refusing)
        return answer(400, { code: 33, msg: '超过频率', detail: '同一手机号30秒内重复提交相同的内容' });
      const params = Object.fromEntries(
        [...new URLSearchParams(form.get('tpl_value') ?? '')].map(([k, v]) => [k.replace(/^#|#$/g, ''), v]),
      );
      texts.push({ mobile: form.get('mobile') ?? '', templateId: form.get('tpl_id') ?? '', params });
      answer(200, {
        code: 0,
        msg: '发送成功',
        count: 1,
        fee: 0.05,
        unit: 'RMB',
        mobile: form.get('mobile'),
        sid: Date.now(),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    apikey,
    texts,
    refuse: (on) => {
      refusing = on;
    },
    next: (mobile, since = 0) =>
      waitFor(
        () =>
          texts
            .slice(since)
            .reverse()
            .find((t) => t.mobile === mobile),
        `text to ${mobile}`,
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
