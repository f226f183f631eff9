/*
 * Domain events: what one module did that another acts on (decision 026). A service publishes
 * them once its transaction has committed; subscribers (notifications, today) run in the same
 * process before the answer is sent, so a caller that asks right after sees their effect. A
 * failing subscriber is logged and never fails the write that published the event.
 */

/** Each event's payload: ids and the words a notification needs, never rows or connections. */
export interface DomainEvents {
  'company.registered': { companyId: number; companyName: string };
  'company.approved': { companyId: number; companyName: string };
  'subAdmin.joined': { companyId: number; name: string };
  /** A count that a plan limit counts (`modules/plans/limits.ts`) went up or down. */
  'planUsage.changed': { companyId: number; resource: 'product' | 'link' | 'subAdmin' };
  /** Products moved to another project: a sub-admin's access to them, and so its plan verdicts on them, changed. */
  'products.moved': { companyId: number; productIds: number[] };
  /** EPCIS events of the company were stored (a capture, a single event, the console): subscriptions may have news. */
  'epcis.captured': { companyId: number };
  /** A serial looked copied (scanned in several countries within a short time, or far more than its siblings) and was flagged. */
  'analytics.suspiciousSerial': { companyId: number; productId: number; serial: string; reason: 'countries' | 'volume'; countries: string[] };
  /** A product (and serial, null for scans without one) was first scanned in a country outside its intended markets; `at` is that scan's time. */
  'authenticity.diversion': { companyId: number; productId: number; serial: string | null; country: string; at: string };
  /** A shopper reported a suspected fake of a product from its landing (decision 071). */
  'authenticity.reportFiled': { companyId: number; productId: number; reportId: number; serial: string | null };
  /** A manager started a recall of a product's batches, serials or the whole product (decision 079). */
  'recall.started': { companyId: number; productId: number; productName: string; recallId: number; lots: string[] };
}

export type DomainEventType = keyof DomainEvents;
export type DomainEvent<T extends DomainEventType = DomainEventType> = { [K in T]: { type: K } & DomainEvents[K] }[T];

/** Publishes committed events: resolves once every subscriber has run. */
export type Publish = (...events: DomainEvent[]) => Promise<void>;

export type Subscriber<T extends DomainEventType> = (event: DomainEvent<T>) => Promise<void> | void;

/** Where a failing subscriber is reported (a request's logger, or the app's). */
export interface EventLog {
  error(details: object, message: string): void;
}

export interface EventBus {
  subscribe<T extends DomainEventType>(type: T, subscriber: Subscriber<T>): void;
  publish(events: readonly DomainEvent[], log: EventLog): Promise<void>;
}

/** An in-process bus: subscribers run one after another in the order they subscribed. */
export function createEventBus(): EventBus {
  const subscribers = new Map<DomainEventType, Subscriber<never>[]>();
  return {
    subscribe(type, subscriber) {
      subscribers.set(type, [...(subscribers.get(type) ?? []), subscriber as Subscriber<never>]);
    },
    async publish(events, log) {
      for (const event of events) {
        for (const subscriber of subscribers.get(event.type) ?? []) {
          try {
            await (subscriber as Subscriber<typeof event.type>)(event as never);
          } catch (err) {
            log.error({ err, event: event.type }, 'a subscriber of a domain event failed');
          }
        }
      }
    },
  };
}

/** The events after which the plan-limit verdicts of the company (as the gateway caches them) may differ. */
export function changesPlanVerdicts(event: DomainEvent): boolean {
  return event.type === 'planUsage.changed' || event.type === 'products.moved';
}
