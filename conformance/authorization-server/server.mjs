// A real authorization server for jmcp's authorization tests: panva's oidc-provider, issuing RFC 9068 JWT access
// tokens for a resource (RFC 8707 resource indicators) through the client credentials grant, signed with an RSA key
// made at start (so two providers never share a key).
//
//   node server.mjs PORT
//
// Listens on 127.0.0.1:PORT with issuer http://127.0.0.1:PORT and prints "issuer <url>" once it listens. Clients
// (secret "secret"): "jmcp-test" may get the scopes mcp:tools and mcp:admin, tokens living 300 s; "short-lived" the
// same scopes, tokens living 1 s. "jmcp-browser" is a public native client for the authorization code flow with PKCE,
// redirected to http://127.0.0.1:8976/callback; a person signs in on the provider's own development pages (any login
// and password; the login becomes the token's subject) and consents. Any resource indicator is accepted and becomes
// the token's audience.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import Provider from 'oidc-provider';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error('usage: node server.mjs PORT');
  process.exit(2);
}
const issuer = `http://127.0.0.1:${port}`;
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), use: 'sig', alg: 'RS256' };
const SCOPES = 'mcp:tools mcp:admin';

const client = (id) => ({
  client_id: id,
  client_secret: 'secret',
  grant_types: ['client_credentials'],
  redirect_uris: [],
  response_types: [],
  scope: SCOPES,
});

const browser = {
  client_id: 'jmcp-browser',
  application_type: 'native',
  token_endpoint_auth_method: 'none',
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  redirect_uris: ['http://127.0.0.1:8976/callback'],
  scope: `${SCOPES} offline_access`,
};

const provider = new Provider(issuer, {
  clients: [client('jmcp-test'), client('short-lived'), browser],
  // Whoever signs in is who they say: a test stand-in for an account store.
  findAccount: (ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
  jwks: { keys: [jwk] },
  // offline_access: clients may ask for refresh tokens (the browser client does; its access tokens live 5 s).
  scopes: [...SCOPES.split(' '), 'offline_access'],
  issueRefreshToken: async (ctx, client) => client.grantTypeAllowed('refresh_token'),
  features: {
    devInteractions: { enabled: true },
    clientCredentials: { enabled: true },
    resourceIndicators: {
      enabled: true,
      getResourceServerInfo: (ctx, resourceIndicator, c) => ({
        scope: SCOPES,
        audience: resourceIndicator,
        accessTokenTTL: c.clientId === 'short-lived' ? 1 : c.clientId === 'jmcp-browser' ? 5 : 300,
        accessTokenFormat: 'jwt',
        jwt: { sign: { alg: 'RS256' } },
      }),
    },
  },
});

const server = provider.listen(port, '127.0.0.1', () => console.log(`issuer ${issuer}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
