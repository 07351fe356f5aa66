import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** Client metadata as oidc-provider takes it. */
export interface ProviderClient {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
  token_endpoint_auth_method: 'client_secret_post' | 'none';
}

export interface TestProvider {
  issuer: string;
  /** host:port, for OUTBOUND_ALLOWED_HOSTS. */
  host: string;
  stop(): void;
}

/** Starts the loopback OpenID Connect provider (oidc-test-provider.mjs) with these clients; port 0 = any free one. */
export async function startTestProvider(clients: ProviderClient[], port = 0): Promise<TestProvider> {
  const child: ChildProcess = spawn(process.execPath, [path.join(__dirname, 'oidc-test-provider.mjs')], {
    env: { ...process.env, OIDC_CLIENTS: JSON.stringify(clients), OIDC_PORT: String(port), NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the test provider exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  const { issuer } = JSON.parse(line) as { issuer: string };
  return { issuer, host: new URL(issuer).host, stop: () => child.kill('SIGTERM') };
}

/**
 * The browser at the provider: follows its redirects (keeping its cookies) through the test interaction, which signs
 * in `account`, until it sends the browser back to `callbackPrefix`; answers that callback URL.
 */
export async function authorizeAt(
  authorizeUrl: string,
  account: string,
  callbackPrefix: string,
): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizeUrl);
  url.searchParams.set('login_hint', account);
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const pair = cookie.split(';')[0];
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status}: ${await res.text()}`);
    const next = new URL(location, url);
    if (next.href.startsWith(callbackPrefix)) return next;
    url = next;
  }
  throw new Error('too many redirects at the provider');
}
