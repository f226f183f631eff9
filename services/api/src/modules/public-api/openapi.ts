import { problemSchema } from '@product-console/shared';

/** OpenAPI security requirement of the `/api/v1` routes: an API key as a bearer token. */
export const keySecurity = [{ apiKey: [] }];

const PROBLEM_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: `errors` lists each field',
  401: 'No API key, or one unknown, revoked or expired',
  403: 'The key lacks the scope, or the plan does not allow it',
  404: 'Not found (or not reachable with this key)',
  409: 'Conflicts with the current state (a GTIN or serial taken, a passport of a product not on DPP)',
  412: 'If-Match names an ETag that is no longer current',
  422: 'The Idempotency-Key was used with another request',
};

/** Documents a route's problem answers, as `application/problem+json`: `response: { 200: ok, ...problems(400, 401) }`. */
export function problems(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => [status, { description: PROBLEM_DESCRIPTIONS[status] ?? 'Problem', content: { 'application/problem+json': { schema: problemSchema } } }]),
  );
}
