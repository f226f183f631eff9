import { EpcisException, epcisErrors } from './problem.js';

/*
 * The query side's problems (EPCIS 2.0 § 8.2.8 exception types, answered as problem+json by the
 * EPCIS protocol's error handler in `plugin.ts`): the capture side's factories, plus the
 * subscription ones only queries need.
 */

/** A parameter that is unknown, malformed or combined with one it excludes: 400. */
export const queryParameterException = (detail: string) => epcisErrors.queryParameter(detail);
/** More events than `maxEventCount` allows: 413. */
export const queryTooLargeException = (detail: string) => epcisErrors.queryTooLarge(detail);
/** A request body that is not what the resource takes: 400. */
export const queryValidationException = (detail: string) => epcisErrors.validation(detail);
/** A named query, event or value the company does not have: 404. */
export const noSuchNameException = (detail: string) => epcisErrors.noSuchName(detail);
export const resourceNotFoundException = (detail: string) => epcisErrors.noSuchResource(detail);
/** A named query whose name is taken: 409. */
export const queryExistsException = (detail: string) => epcisErrors.alreadyExists(detail);
/** A subscription whose controls (dest, schedule, stream) are unusable: 400. */
export const subscriptionControlsException = (detail: string) =>
  new EpcisException({ type: 'epcisException:SubscriptionControlsException', title: 'Invalid subscription', status: 400, detail });
/** A subscription that the query does not have: 404. */
export const noSuchSubscriptionException = (detail: string) =>
  new EpcisException({ type: 'epcisException:NoSuchSubscriptionException', title: 'No such subscription', status: 404, detail });
