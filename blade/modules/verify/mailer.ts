import nodemailer from 'nodemailer';

/** SMTP_URL and MAIL_FROM (lib/env.ts): the server the portal sends its mail through, and the sender it names. */
export interface MailSettings {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
  url: string;
  from: string;
  /**
   * The portal's public origins (PUBLIC_ORIGINS): a link in a mail points at the origin the request came from when it
   * is one of these, else at the first, so a forged Origin header cannot put a stranger's host into a mail.
   */
  linkOrigins: string[];
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly from: string;
  linkOrigin(requestOrigin: string | undefined): string;
  /** Resolves once the SMTP server accepted the message for delivery; rejects with its refusal otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** How long one SMTP conversation may take: a code the person waits for is worth nothing a minute later. */
const SMTP_TIMEOUT_MS = 15_000;

export function createMailer(settings: MailSettings): Mailer {
  const transport = nodemailer.createTransport({
    url: settings.url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    from: settings.from,
    linkOrigin(requestOrigin) {
      if (requestOrigin && settings.linkOrigins.includes(requestOrigin)) return requestOrigin;
      return settings.linkOrigins[0] ?? '';
    },
    async send(mail) {
      await transport.sendMail({ from: settings.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close() {
      transport.close();
    },
  };
}
