/**
 * Calls that need no session (sign-up, password reset, invitations) go through the gateway's
 * public pass-through: `/bff/public/*` -> upstream `/api/*`, without a bearer token.
 */
export const PUBLIC_API_PREFIX = '/bff/public';

export function publicApiPath(apiPath: string): string {
  return `${PUBLIC_API_PREFIX}${apiPath.replace(/^\/api/, '')}`;
}
