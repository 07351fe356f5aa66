// The browser journeys' mail server and SMS vendor, on loopback beside the portal: a real SMTP server (smtp-server)
// the portal sends its mail to, and Yunpian's documented single-send API for its texts. What they received is read
// back over HTTP (GET /mails, GET /texts), as a person reads an inbox or a phone.
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export const E2E_SMS_APIKEY = 'e2e-yunpian-apikey';

export async function startInbox({ smtpPort, httpPort }) {
  const mails = [];
  const texts = [];
  const smtp = new SMTPServer({
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
  await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

  const http = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const answer = (status, json) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method === 'GET' && url.pathname === '/mails') return answer(200, mails);
      if (req.method === 'GET' && url.pathname === '/texts') return answer(200, texts);
      if (req.method === 'POST' && url.pathname === '/v2/sms/tpl_single_send.json') {
        const form = new URLSearchParams(body);
        if (form.get('apikey') !== E2E_SMS_APIKEY) return answer(401, { code: -1, msg: '非法的apikey' });
        const params = Object.fromEntries(
          [...new URLSearchParams(form.get('tpl_value') ?? '')].map(([k, v]) => [k.replace(/^#|#$/g, ''), v]),
        );
        texts.push({ mobile: form.get('mobile') ?? '', templateId: form.get('tpl_id') ?? '', params });
        return answer(200, { code: 0, msg: '发送成功', count: 1, fee: 0.05, unit: 'RMB', sid: Date.now() });
      }
      answer(404, { code: -1, msg: 'not found' });
    });
  });
  await new Promise((resolve) => http.listen(httpPort, '127.0.0.1', resolve));
  return {
    close: () => Promise.all([new Promise((r) => smtp.close(r)), new Promise((r) => http.close(r))]),
  };
}
