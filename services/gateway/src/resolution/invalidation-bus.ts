import { EventEmitter } from 'node:events';
import type { RedisConnections } from '../plugins/redis.js';
import type { SessionStore } from '../plugins/store.js';

/*
 * How replicas tell each other which entry paths changed (see cache.ts): Redis pub/sub
 * between replicas, or an in-process bus between apps sharing one in-process store.
 */

export type InvalidationTarget = readonly string[] | '*';

export interface InvalidationMessage {
  /** The replica that published it (it has already acted on it). */
  origin: string;
  paths: InvalidationTarget;
  /** With `*`: the new generation of L2 keys. */
  generation?: string;
}

/** How replicas tell each other which entries changed. */
export interface InvalidationBus {
  /** False while messages may be missed (the subscriber connection is down). */
  readonly live: boolean;
  publish(message: InvalidationMessage): Promise<void>;
  onMessage(listener: (message: InvalidationMessage) => void): void;
  /** Called when the bus is live again after a gap in which messages may have been missed. */
  onResume(listener: () => void): void;
  /** Resolves once the bus is live, or after `timeoutMs` (it keeps trying in the background). */
  ready(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

const localBuses = new WeakMap<SessionStore, EventEmitter>();

/**
 * The bus between apps of one process sharing one in-process store (a single-instance gateway, or
 * tests playing replicas): delivery is immediate and never missed.
 */
export function createLocalBus(store: SessionStore): InvalidationBus {
  let emitter = localBuses.get(store);
  if (!emitter) {
    emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    localBuses.set(store, emitter);
  }
  const shared = emitter;
  const listeners: ((message: InvalidationMessage) => void)[] = [];
  return {
    live: true,
    async publish(message) {
      shared.emit('invalidate', message);
    },
    onMessage(listener) {
      listeners.push(listener);
      shared.on('invalidate', listener);
    },
    onResume() {},
    async ready() {},
    async close() {
      for (const listener of listeners) shared.off('invalidate', listener);
    },
  };
}

function isMessage(value: unknown): value is InvalidationMessage {
  const message = value as InvalidationMessage | null;
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof message.origin === 'string' &&
    (message.paths === '*' || (Array.isArray(message.paths) && message.paths.every((path) => typeof path === 'string')))
  );
}

/**
 * Redis pub/sub on the app's `subscriber` connection (a subscribed connection can run no other
 * command) and its `publisher`; both reconnect for ever. The connections belong to the Redis
 * plugin, which closes them: closing the bus only stops listening.
 */
export function createRedisBus(redis: RedisConnections, channel: string): InvalidationBus {
  const subscriber = redis.client('subscriber');
  const publisher = redis.client('publisher');
  const messageListeners: ((message: InvalidationMessage) => void)[] = [];
  const resumeListeners: (() => void)[] = [];
  const waiting: (() => void)[] = [];
  let live = false;
  let everLive = false;
  let closing = false;

  const subscribe = () => {
    // ioredis subscribes again by itself after a reconnect; subscribing twice is harmless.
    subscriber.subscribe(channel).then(
      () => {
        if (closing) return;
        live = true;
        if (everLive) for (const listener of resumeListeners) listener();
        everLive = true;
        for (const resolve of waiting.splice(0)) resolve();
      },
      () => {},
    );
  };
  const onClose = () => {
    live = false;
  };
  const onMessage = (from: string, raw: string) => {
    if (from !== channel) return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (isMessage(message)) for (const listener of messageListeners) listener(message);
  };
  subscriber.on('ready', subscribe);
  subscriber.on('close', onClose);
  subscriber.on('message', onMessage);
  if (subscriber.status === 'ready') subscribe();

  return {
    get live() {
      return live;
    },
    async publish(message) {
      if (publisher.status !== 'ready') await redis.ready('publisher');
      await publisher.publish(channel, JSON.stringify(message));
    },
    onMessage(listener) {
      messageListeners.push(listener);
    },
    onResume(listener) {
      resumeListeners.push(listener);
    },
    ready(waitMs) {
      if (live) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        timer.unref();
        waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    async close() {
      closing = true;
      live = false;
      subscriber.off('ready', subscribe);
      subscriber.off('close', onClose);
      subscriber.off('message', onMessage);
      if (subscriber.status === 'ready') await subscriber.unsubscribe(channel).catch(() => {});
    },
  };
}
