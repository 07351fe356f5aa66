// Types of the browser suites' loopback inbox (e2e-inbox.mjs), for the TypeScript specs that start one themselves.
export declare const E2E_SMS_APIKEY: string;
export declare function startInbox(ports: {
  smtpPort: number;
  httpPort: number;
}): Promise<{ close(): Promise<unknown> }>;
