import { SNACKBAR_AUTO_HIDE_MS, SNACKBAR_MAX_STACK } from '@product-console/shared';

/**
 * A tiny store for transient messages, usable from outside React (the api client raises
 * alerts while no component is on the call stack). `SnackbarHost` renders it.
 */
export type SnackbarVariant = 'default' | 'success' | 'error';

export interface Snackbar {
  id: number;
  message: string;
  variant: SnackbarVariant;
  autoHideMs: number;
}

type Listener = (items: readonly Snackbar[]) => void;

/** Errors stay longer than the default variant so that they can be read. */
const ERROR_AUTO_HIDE_MS = 6000;

let items: readonly Snackbar[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function publish(next: readonly Snackbar[]) {
  items = next;
  for (const listener of listeners) listener(items);
}

export function showSnackbar(message: string, variant: SnackbarVariant = 'default'): number {
  const id = nextId++;
  const autoHideMs = variant === 'error' ? ERROR_AUTO_HIDE_MS : SNACKBAR_AUTO_HIDE_MS;
  publish([...items, { id, message, variant, autoHideMs }].slice(-SNACKBAR_MAX_STACK));
  return id;
}

export function dismissSnackbar(id: number) {
  publish(items.filter((item) => item.id !== id));
}

export function getSnackbars(): readonly Snackbar[] {
  return items;
}

export function subscribeSnackbars(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
