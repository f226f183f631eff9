/**
 * Reads an issuer's OpenID Connect discovery document (`<issuer>/.well-known/openid-configuration`)
 * and answers what is wrong with it, or null when it names this issuer and the endpoints a sign-in
 * needs. Redirects are not followed; the document is read only, never shown.
 */
export async function checkDiscovery(issuer: string, timeoutMs: number): Promise<string | null> {
  const address = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  let document: unknown;
  try {
    const response = await fetch(address, { redirect: 'error', signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (!response.ok) return `the discovery document answered HTTP ${response.status}`;
    document = await response.json();
  } catch (err) {
    if (err instanceof SyntaxError) return 'the discovery document is not JSON';
    if ((err as Error).name === 'TimeoutError') return 'the discovery document did not answer in time';
    return 'the discovery document could not be reached';
  }
  if (typeof document !== 'object' || document === null) return 'the discovery document is not a JSON object';
  const fields = document as Record<string, unknown>;
  if (fields.issuer !== issuer) return `the discovery document names another issuer (${String(fields.issuer).slice(0, 200)})`;
  for (const field of ['authorization_endpoint', 'token_endpoint', 'jwks_uri']) {
    if (typeof fields[field] !== 'string') return `the discovery document has no ${field}`;
  }
  return null;
}
