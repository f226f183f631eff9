import { isUnder } from './routed-path.js';

/*
 * API calls that only the gateway itself may make. Sign-in, refresh and the switch of company
 * issue or rotate tokens: only the gateway's own `/bff/auth/*` routes call them, behind their
 * rate limits, and keep the tokens in the session store. The internal calls (resolver data, scan
 * records) carry the internal token. Neither the proxy nor the public pass-through forwards any
 * of them, however the path is spelt: they compare the routed path, lower-cased, because a
 * router set to ignore case would route `/API/Auth/Sign/In` too.
 */
const GATEWAY_ONLY = ['/api/auth/sign/in', '/api/auth/token', '/api/internal'];

/** `apiPath` is a routed path (see routed-path.ts) on the API, starting with `/api`. */
export function isGatewayOnlyCall(apiPath: string): boolean {
  const path = apiPath.toLowerCase();
  return GATEWAY_ONLY.some((prefix) => isUnder(path, prefix));
}
