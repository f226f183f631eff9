import { useState } from 'react';

/**
 * Sends one submit of a creating form. `send` receives the `Idempotency-Key` to put on the call:
 * after a failed submit (timeout, 5xx, lost connection) the same form sends the same key again,
 * so that the API answers what it did the first time instead of creating twice; a changed form,
 * or any submit after a successful one, gets a new key.
 */
export type IdempotentSubmit = <T>(values: unknown, send: (idempotencyKey: string) => Promise<T>) => Promise<T>;

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A random (version 4) UUID. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Browsers offer randomUUID only in secure contexts (https, localhost); the console may run on plain http.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const text = hex(bytes);
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

/** What tells two submits of a form apart: its values, with files by name, size, type and date. */
export function formFingerprint(values: unknown): string {
  return (
    JSON.stringify(values, (_key, value: unknown) => {
      if (typeof FormData !== 'undefined' && value instanceof FormData) return [...value.entries()];
      if (typeof File !== 'undefined' && value instanceof File) {
        return { file: value.name, size: value.size, type: value.type, lastModified: value.lastModified };
      }
      if (typeof Blob !== 'undefined' && value instanceof Blob) return { blob: value.size, type: value.type };
      return value;
    }) ?? ''
  );
}

/** The logic of `useIdempotentSubmit`, without React. */
export function createIdempotentSubmit(newKey: () => string = newIdempotencyKey): IdempotentSubmit {
  let pending: { key: string; fingerprint: string } | null = null;
  return async (values, send) => {
    const fingerprint = formFingerprint(values);
    if (pending?.fingerprint !== fingerprint) pending = { key: newKey(), fingerprint };
    const current = pending;
    // A failure leaves `pending` as it is: resending the same form reuses its key.
    const answer = await send(current.key);
    if (pending === current) pending = null;
    return answer;
  };
}

/** One `IdempotentSubmit` for the life of a form's component. */
export function useIdempotentSubmit(): IdempotentSubmit {
  const [submit] = useState(() => createIdempotentSubmit());
  return submit;
}
