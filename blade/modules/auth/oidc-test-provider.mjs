// A real OpenID Connect provider on loopback for the SSO tests (oidc.test.ts) and the browser journey
// (tests/e2e/sso.spec.ts): oidc-provider, run as its own process because it is ESM only.
// Configuration comes from the environment: OIDC_CLIENTS (JSON array of client metadata), OIDC_PORT (0 = any).
// The interaction is the test's login page: it signs in the account named by `login_hint` (default `alice`) and grants
// the scopes asked for, with no form, so a test can run the whole authorization code flow with plain HTTP requests.
// On start it writes one line to stdout: {"issuer": "http://127.0.0.1:<port>"}.
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const clients = JSON.parse(process.env.OIDC_CLIENTS ?? '[]');
const server = createServer();
await new Promise((resolve) => server.listen(Number(process.env.OIDC_PORT ?? 0), '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients,
  pkce: { required: () => true },
  features: { devInteractions: { enabled: false } },
  cookies: { keys: ['oidc-test-provider-cookie-key'] },
  claims: { openid: ['sub'], email: ['email'], profile: ['name'] },
  async findAccount(_ctx, accountId) {
    return {
      accountId,
      claims: async () => ({ sub: accountId, email: `${accountId}@idp.test`, name: accountId }),
    };
  },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  // The account `expiring` gets codes that live one second: a test of an expired code need not wait a minute.
  ttl: { AuthorizationCode: (_ctx, code) => (code.accountId === 'expiring' ? 1 : 60) },
});
// The provider logs nothing a test reads; its development-key warnings would only clutter the output.
provider.on('server_error', (_ctx, err) => process.stderr.write(`oidc-provider: ${err.stack}\n`));

const callback = provider.callback();

async function interaction(req, res) {
  const details = await provider.interactionDetails(req, res);
  const { prompt, params } = details;
  if (prompt.name === 'login') {
    const accountId =
      typeof params.login_hint === 'string' && params.login_hint ? params.login_hint : 'alice';
    return provider.interactionFinished(
      req,
      res,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    );
  }
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId: details.session.accountId, clientId: params.client_id });
  const missing = prompt.details;
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
    grant.addResourceScope(indicator, scopes.join(' '));
  const grantId = await grant.save();
  return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

server.on('request', (req, res) => {
  if (req.method === 'GET' && /^\/interaction\/[^/]+$/.test(req.url.split('?')[0])) {
    interaction(req, res).catch((err) => {
      res.statusCode = 500;
      res.end(String(err));
    });
    return;
  }
  callback(req, res);
});

process.stdout.write(`${JSON.stringify({ issuer })}\n`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
