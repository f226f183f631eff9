import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { TranslationProviderError, type TranslationFormat, type TranslationProvider, type TranslationProviderName } from './providers.js';
import { translations } from './tables.js';

export interface TranslateInput {
  /** The language the texts are written in (the design's `defaultLang`). */
  source: string;
  target: string;
  texts: string[];
  format?: TranslationFormat;
}

export interface TranslationStatus {
  available: boolean;
  provider: TranslationProviderName | null;
}

/** `app.translator`: machine translation through the configured provider, each text translated once. */
export interface Translator {
  status(): TranslationStatus;
  /**
   * The texts translated, in the same order; null when no provider is set or it failed, and the
   * caller then shows the originals. Never throws.
   */
  translate(input: TranslateInput): Promise<string[] | null>;
}

/** The cache key of a text: a new or changed text (or the same text as HTML) is a new row. */
export function sourceHash(text: string, format: TranslationFormat): string {
  return createHash('sha256').update(format).update('\n').update(text).digest('hex');
}

/**
 * A database failure for the log without the error itself: a failed query's message repeats its
 * parameters, which are the texts being translated.
 */
function databaseReason(error: unknown): string {
  const cause = error instanceof Error ? ((error.cause as { code?: unknown } | undefined) ?? (error as { code?: unknown })) : undefined;
  return typeof cause?.code === 'string' ? `translation cache unavailable (${cause.code})` : 'translation cache unavailable';
}

/** After the provider failed (down, slow, refusing the key, over quota), it is left alone this long. */
export const PROVIDER_PAUSE_MS = 30_000;
/** A language pair the provider refused (HTTP 400, e.g. a language it does not offer) is not asked again for this long. */
export const REJECTED_PAIR_PAUSE_MS = 60 * 60_000;

const normaliseLang = (code: string) => code.trim().toLowerCase();

/**
 * Looks every text up in the `translations` table in one query, sends only the misses to the
 * provider in one batch and stores what it answered. A miss that another request is already
 * translating waits for that call instead of making its own.
 */
export function createTranslator(deps: {
  db: Db;
  provider: TranslationProvider | null;
  log: FastifyBaseLogger;
  /** The clock of the pauses after failures (tests move it). */
  now?: () => number;
}): Translator {
  const { db, provider, log, now = Date.now } = deps;
  /** Translations under way in this process, by `source \n target \n hash`; each resolves to null on failure. */
  const inFlight = new Map<string, Promise<string | null>>();
  /**
   * Public pages choose the language, so a provider that is down, or a language it refuses, would
   * otherwise be asked (and waited for) on every visit: misses then answer null at once.
   */
  let providerPausedUntil = 0;
  const pairPausedUntil = new Map<string, number>();

  function paused(pair: string): boolean {
    const pairUntil = pairPausedUntil.get(pair);
    if (pairUntil !== undefined && pairUntil <= now()) pairPausedUntil.delete(pair);
    return providerPausedUntil > now() || (pairPausedUntil.get(pair) ?? 0) > now();
  }

  const warn = (reason: string) => log.warn({ provider: provider?.name, reason }, 'automatic translation failed; the original texts are shown');

  async function lookUp(source: string, target: string, hashes: string[]): Promise<Map<string, string>> {
    const rows = await db
      .select({ sourceHash: translations.sourceHash, translatedText: translations.translatedText })
      .from(translations)
      .where(and(eq(translations.sourceLang, source), eq(translations.targetLang, target), inArray(translations.sourceHash, hashes)));
    return new Map(rows.map((row) => [row.sourceHash, row.translatedText]));
  }

  /** One provider call for `misses` (hash → text); registers each miss as in flight until it is stored. */
  function translateMisses(
    active: TranslationProvider,
    source: string,
    target: string,
    format: TranslationFormat,
    misses: Map<string, string>,
  ): Map<string, Promise<string | null>> {
    const hashes = [...misses.keys()];
    const texts = [...misses.values()];
    const batch = (async (): Promise<string[] | null> => {
      let translated: string[];
      try {
        translated = await active.translate({ source, target, texts, format });
      } catch (error) {
        if (error instanceof TranslationProviderError && error.rejected) pairPausedUntil.set(`${source}\n${target}`, now() + REJECTED_PAIR_PAUSE_MS);
        else providerPausedUntil = now() + PROVIDER_PAUSE_MS;
        warn(error instanceof TranslationProviderError ? error.message : 'failed unexpectedly');
        return null;
      }
      try {
        await db
          .insert(translations)
          .values(
            texts.map((sourceText, index) => ({
              sourceLang: source,
              targetLang: target,
              sourceHash: hashes[index] as string,
              sourceText,
              translatedText: translated[index] as string,
              format,
              provider: active.name,
            })),
          )
          .onConflictDoNothing();
      } catch (error) {
        // The page still gets its translation; the next visit asks the provider again.
        log.warn({ provider: active.name, reason: databaseReason(error) }, 'translations could not be cached');
      }
      return translated;
    })();

    const pending = new Map<string, Promise<string | null>>();
    hashes.forEach((hash, index) => {
      const key = `${source}\n${target}\n${hash}`;
      const one = batch.then((translated) => translated?.[index] ?? null);
      inFlight.set(key, one);
      pending.set(hash, one);
      void one.finally(() => {
        if (inFlight.get(key) === one) inFlight.delete(key);
      });
    });
    return pending;
  }

  async function translate(input: TranslateInput): Promise<string[] | null> {
    if (!provider) return null;
    const source = normaliseLang(input.source);
    const target = normaliseLang(input.target);
    const format = input.format ?? 'text';
    if (source === target) return [...input.texts];

    /** Each distinct non-empty text once, by hash. */
    const wanted = new Map<string, string>();
    for (const text of input.texts) if (text.trim() !== '') wanted.set(sourceHash(text, format), text);
    if (wanted.size === 0) return [...input.texts];

    try {
      const cached = await lookUp(source, target, [...wanted.keys()]);
      const pending = new Map<string, Promise<string | null>>();
      const misses = new Map<string, string>();
      for (const [hash, text] of wanted) {
        if (cached.has(hash)) continue;
        const running = inFlight.get(`${source}\n${target}\n${hash}`);
        if (running) pending.set(hash, running);
        else misses.set(hash, text);
      }
      if (misses.size > 0) {
        if (paused(`${source}\n${target}`)) return null;
        for (const [hash, one] of translateMisses(provider, source, target, format, misses)) pending.set(hash, one);
      }

      const translated = new Map(cached);
      for (const [hash, one] of pending) {
        const text = await one;
        if (text === null) return null;
        translated.set(hash, text);
      }
      return input.texts.map((text) => (text.trim() === '' ? text : (translated.get(sourceHash(text, format)) ?? text)));
    } catch (error) {
      warn(databaseReason(error));
      return null;
    }
  }

  return {
    status: () => ({ available: provider !== null, provider: provider?.name ?? null }),
    translate,
  };
}
