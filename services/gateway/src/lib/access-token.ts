/**
 * Seconds until the access token expires, read from the JWT `exp` claim without verifying it
 * (the API verifies; the gateway only plans ahead). Null when the token carries no readable exp.
 */
export function secondsUntilExpiry(token: string, now = Date.now()): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp - now / 1000 : null;
  } catch {
    return null;
  }
}
