import { createHmac } from 'node:crypto';
import { postWebhook as postJson, type WebhookResult } from '../../webhook-post.js';
import { CBV_VERSION, EPCIS_VERSION } from './problem.js';

/*
 * Posting query results to a subscriber's webhook (`dest`): the destination checks and the post
 * itself are the API's one outgoing-webhook path (`src/webhook-post.ts`); EPCIS adds its version
 * headers and its `GS1-Signature`.
 */

export { destProblem, isPrivateHost, isPublicAddress, publicOnlyLookup, type WebhookResult } from '../../webhook-post.js';

/** The `GS1-Signature` header value: `sha256=` and the hex HMAC-SHA256 of the exact body with the signatureToken as key. */
export function gs1Signature(body: string, signatureToken: string): string {
  return `sha256=${createHmac('sha256', signatureToken).update(body).digest('hex')}`;
}

/** POSTs one EPCIS JSON body to a webhook, with the EPCIS and CBV version headers; never throws. */
export function postWebhook(
  dest: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs: number },
): Promise<WebhookResult> {
  return postJson(dest, body, { 'GS1-EPCIS-Version': EPCIS_VERSION, 'GS1-CBV-Version': CBV_VERSION, ...headers }, options);
}
