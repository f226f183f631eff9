import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who a database write is made for (decision 088): the audit triggers read it from the
 * transaction-local setting `audit.actor`, which every write's transaction sets first (db/client.ts).
 * `u` a user, `k` an API key, `c` the company acted for, `n` a job's name.
 */
export type AuditActorSetting =
  | { t: 'user'; u: number; c: number | null }
  | { t: 'api-key'; k: string; c: number }
  | { t: 'system'; n: string }
  | { t: 'public'; n: string };

/** A request's store is made before it is authenticated: the actor is read when a write happens. */
export interface AuditActorSource {
  actor(): AuditActorSetting | null;
}

const storage = new AsyncLocalStorage<AuditActorSource>();

/** Runs `work` (and everything it starts) with the writes made for `source`'s actor. */
export function runAsAuditActor<T>(source: AuditActorSource | AuditActorSetting, work: () => T): T {
  const store: AuditActorSource = 'actor' in source ? source : { actor: () => source };
  return storage.run(store, work);
}

/** The actor of the current call as the setting's text, or null outside any request or job. */
export function currentAuditActor(): string | null {
  const actor = storage.getStore()?.actor();
  return actor ? JSON.stringify(actor) : null;
}

/** The statement that sets the actor for the rest of the current transaction. */
export const SET_AUDIT_ACTOR = "select set_config('audit.actor', $1, true)";

/** Statements that may write: anything but a plain read, or a transaction's own commands. */
export function mayWrite(text: string): boolean {
  return !/^\s*(select|show|begin|commit|rollback|savepoint|release|start|set|listen|unlisten|explain)\b/i.test(text);
}

export function isBegin(text: string): boolean {
  return /^\s*(begin|start\s+transaction)\b/i.test(text);
}
