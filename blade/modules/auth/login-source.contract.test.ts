import { loginSourceResource } from '../../../lib/contracts/system/login-source';
import { describeResource } from '../../testing/contract';

// The generated contract suite of the login sources: round trip, required texts, lengths, the write-only client
// secret, the unique source name, 403 without each right, 404 for another tenant's ids, sort allowlist, size clamp.
// The logins themselves are in oidc.test.ts.
describeResource(loginSourceResource, {
  harness: { outbound: { allowedHosts: ['idp.example.com'], allowPublic: false } },
  sample: (n) => ({
    kind: n % 2 ? 'sso' : 'social',
    source: `contract_${n}`,
    name: `登录源${n}`,
    issuer: `https://idp.example.com/realms/r${n}`,
    clientId: `client-${n}`,
    clientSecret: `contract-secret-${n}`,
    scopes: 'openid profile',
    guestAccount: '',
    enabled: n % 2,
    remark: `说明 ${n}`,
  }),
});
