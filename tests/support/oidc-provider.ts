import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/** What the provider asserts about an account: the login entered at its page is the account id. */
export interface TestAccount {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claims per login; a login not listed is asserted as `{ email: login, email_verified: true }`. */
  accounts: Map<string, TestAccount>;
  close(): Promise<void>;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/**
 * A real OpenID provider (`oidc-provider`) on loopback, with one confidential client whose redirect
 * URI is the console's callback, and its development sign-in pages (any login, any password).
 */
export async function startTestProvider(redirectUris: string[]): Promise<TestProvider> {
  const server = createServer();
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, TestAccount>();
  const clientId = 'product-console';
  const clientSecret = 'test-client-secret-0123456789abcdef';
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // The ID token carries the scopes' claims, as Entra ID, Google and Keycloak send them.
    conformIdTokenClaims: false,
    cookies: { keys: ['test-cookie-key-0123456789abcdef'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const account = accounts.get(id) ?? { email: id, email_verified: true };
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
  };
  const provider = new Provider(issuer, configuration);
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A discovery document that names itself the issuer but sends the browser and the code to
 * `real`: the ID tokens come signed by `real`, with `real`'s issuer (a mix-up the client must refuse).
 */
export async function startImpostorIssuer(real: TestProvider): Promise<{ issuer: string; close(): Promise<void> }> {
  const metadata = (await (await fetch(`${real.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
  const server = createServer((request, response) => {
    if (request.url !== '/.well-known/openid-configuration') {
      response.statusCode = 404;
      response.end();
      return;
    }
    response.setHeader('content-type', 'application/json');
    // It does not announce the RFC 9207 `iss` response parameter, so that a callback without one
    // reaches the ID token's own `iss` check.
    response.end(JSON.stringify({ ...metadata, issuer, authorization_response_iss_parameter_supported: false }));
  });
  const issuer = `http://127.0.0.1:${await listen(server)}`;
  return { issuer, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
