import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/*
 * Whether this browser may hold a session: set when the console sees one, cleared when it ends.
 * The sign-in page probes the session only to send a signed-in visitor on; without this hint a
 * signed-out visitor's probe would answer 401, which the browser logs as an error. A stale hint
 * (a session that expired meanwhile) costs one probe, which clears it.
 */
export function mayHaveSession(): boolean {
  return readStorage('local', STORAGE_KEYS.sessionHint) === '1';
}

export function rememberSession(session: unknown) {
  writeStorage('local', STORAGE_KEYS.sessionHint, session ? '1' : '0');
}
