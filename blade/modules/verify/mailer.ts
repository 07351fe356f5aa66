import nodemailer from 'nodemailer';
import type { Deps } from '../../core/context';
import type { MailTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import type { Mailer } from '../../core/context';

/** SMTP_URL and MAIL_FROM (lib/env.ts): the deployment's mail server, used by tenants without one of their own. */
export interface MailSettings {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
  url: string;
  from: string;
}

/** How long one SMTP conversation may take: a code the person waits for is worth nothing a minute later. */
const SMTP_TIMEOUT_MS = 15_000;
const TIMEOUTS = {
  connectionTimeout: SMTP_TIMEOUT_MS,
  greetingTimeout: SMTP_TIMEOUT_MS,
  socketTimeout: SMTP_TIMEOUT_MS,
};

type TransportOptions = Parameters<typeof nodemailer.createTransport>[0];

function mailerOf(options: TransportOptions, from: string | { name: string; address: string }): Mailer {
  const transport = nodemailer.createTransport(options);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close() {
      transport.close();
    },
  };
}

/** The deployment's mail server (SMTP_URL), opened once at start. */
export function createMailer(settings: MailSettings): Mailer {
  return mailerOf({ url: settings.url, ...TIMEOUTS } as TransportOptions, settings.from);
}

/**
 * A tenant's own mail server (blade_mail), opened for one send: connected to the address the outbound rule checked
 * (SECURITY 24), while TLS still verifies the certificate against the configured host name.
 */
export function tenantMailer(row: Selectable<MailTable>, address: string): Mailer {
  return mailerOf(
    {
      host: address,
      port: row.port,
      secure: row.secure === 1,
      auth: row.username ? { user: row.username, pass: row.password } : undefined,
      tls: { servername: row.host },
      ...TIMEOUTS,
    } as TransportOptions,
    row.from_name ? { name: row.from_name, address: row.from_address } : row.from_address,
  );
}

/**
 * Where a link in a mail points: the portal origin the request came from when it is one of PUBLIC_ORIGINS (staff and
 * customers reach the portal on different hosts), else the first of them; a forged Origin header cannot put a
 * stranger's host into a mail.
 */
export function linkOrigin(deps: Deps, requestOrigin: string | undefined): string {
  const origins = deps.settings.publicOrigins;
  if (requestOrigin && origins.includes(requestOrigin)) return requestOrigin;
  return origins[0] ?? '';
}
