import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * In-process servers speaking the LibreTranslate and DeepL APIs, for tests: the real clients call
 * them over HTTP. They translate `text` into `target` as `[target] text` (markup untouched) and
 * record every call.
 */
export interface FakeProviderServer {
  /** Origin to put into LIBRETRANSLATE_URL or DEEPL_API_URL. */
  url: string;
  calls: Array<{ path: string; headers: IncomingHttpHeaders; body: Record<string, unknown> }>;
  /**
   * How the next calls are answered: translated, HTTP 500, not within `slowMs`, with a body that is
   * not JSON, or with one text too few.
   */
  answer: 'translate' | 'error' | 'slow' | 'malformed' | 'short';
  /** How long a `slow` answer waits. */
  slowMs: number;
  close(): Promise<void>;
}

type Translate = (body: Record<string, unknown>, headers: IncomingHttpHeaders) => { status: number; json: unknown };

async function startFake(path: string, translate: Translate): Promise<FakeProviderServer> {
  const fake: FakeProviderServer = {
    url: '',
    calls: [],
    answer: 'translate',
    slowMs: 2000,
    close: async () => undefined,
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== path) {
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      fake.calls.push({ path: request.url, headers: request.headers, body });
      const send = (status: number, text: string) => {
        response.writeHead(status, { 'content-type': 'application/json' }).end(text);
      };
      switch (fake.answer) {
        case 'error':
          send(500, '{"error":"internal"}');
          return;
        case 'malformed':
          send(200, '{"translatedText": [');
          return;
        case 'slow':
          setTimeout(() => send(200, JSON.stringify(translate(body, request.headers).json)), fake.slowMs).unref();
          return;
        default: {
          const { status, json } = translate(body, request.headers);
          send(status, JSON.stringify(json));
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

const translated = (target: string, text: string) => `[${target}] ${text}`;

/** The languages of the compose service's LT_LOAD_ONLY; others answer 400 as LibreTranslate does. */
const LIBRETRANSLATE_LANGUAGES = ['en', 'ko', 'ja', 'zh', 'it', 'de', 'fr', 'es'];

/** `POST /translate` with `q` a string or an array, as LibreTranslate answers it. */
export function startFakeLibreTranslate(options: { apiKey?: string } = {}): Promise<FakeProviderServer> {
  let fake: FakeProviderServer;
  const started = startFake('/translate', (body) => {
    if (options.apiKey !== undefined && body.api_key !== options.apiKey) return { status: 403, json: { error: 'Invalid API key' } };
    const target = String(body.target);
    for (const code of [String(body.source), target]) {
      if (!LIBRETRANSLATE_LANGUAGES.includes(code)) return { status: 400, json: { error: `${code} is not supported` } };
    }
    const texts = Array.isArray(body.q) ? body.q.map(String) : [String(body.q)];
    const answer = texts.map((text) => translated(target, text));
    if (fake.answer === 'short') answer.pop();
    return { status: 200, json: { translatedText: Array.isArray(body.q) ? answer : answer[0] } };
  });
  return started.then((server) => (fake = server));
}

/** `POST /v2/translate` with `Authorization: DeepL-Auth-Key {apiKey}`, as DeepL answers it. */
export function startFakeDeepL(apiKey: string): Promise<FakeProviderServer> {
  let fake: FakeProviderServer;
  const started = startFake('/v2/translate', (body, headers) => {
    if (headers.authorization !== `DeepL-Auth-Key ${apiKey}`) return { status: 403, json: { message: 'Authorization failure' } };
    const target = String(body.target_lang);
    const texts = Array.isArray(body.text) ? body.text.map(String) : [];
    const answer = texts.map((text) => ({ detected_source_language: String(body.source_lang ?? 'EN'), text: translated(target, text) }));
    if (fake.answer === 'short') answer.pop();
    return { status: 200, json: { translations: answer } };
  });
  return started.then((server) => (fake = server));
}
