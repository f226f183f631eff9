/**
 * Answer header of the API on a write that changed the acting company's plan usage (products or
 * links created, deleted or moved). The gateway drops the company's cached plan-limit verdicts
 * when it sees it and never passes it on to the browser; like `x-resolver-invalidate`, the API
 * says what changed and the gateway keeps no list of business routes.
 */
export const PLAN_USAGE_CHANGED_HEADER = 'x-plan-usage-changed';
