import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has a default for everything but the internal token, which production requires', () => {
    expect(() => loadConfig({})).toThrow(/INTERNAL_TOKEN: is required when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'development' }).INTERNAL_TOKEN).toHaveLength(42);
    const config = loadConfig({ INTERNAL_TOKEN: 't'.repeat(32) });
    expect(config).toMatchObject({
      HOST: '0.0.0.0',
      PORT: 3000,
      NODE_ENV: 'production',
      UPSTREAM_URL: 'http://127.0.0.1:4000',
      UPSTREAM_TIMEOUT_MS: 10_000,
      SESSION_TTL_SECONDS: 1_209_600,
      COOKIE_SECURE: true,
      TRUST_PROXY: false,
    });
    expect(config).toMatchObject({
      STORE_TIMEOUT_MS: 2_000,
      KEEP_ALIVE_TIMEOUT_MS: 65_000,
      HEADERS_TIMEOUT_MS: 30_000,
      REQUEST_TIMEOUT_MS: 300_000,
      CONNECTION_TIMEOUT_MS: 120_000,
      UPSTREAM_CONNECT_TIMEOUT_MS: 3_000,
      BODY_LIMIT_BYTES: 1_048_576,
      UPLOAD_LIMIT_BYTES: 57_671_680,
      PLAN_CACHE_TTL_SECONDS: 60,
      SIGN_IN_RATE_LIMIT: 10,
      BFF_RATE_LIMIT: 600,
      RATE_LIMIT_WINDOW_MS: 60_000,
    });
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.WEB_DIST_DIR.replaceAll('\\', '/')).toMatch(/services\/web\/dist$/);
  });

  it('makes cookies non-Secure by default only in development and test', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).COOKIE_SECURE).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).COOKIE_SECURE).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', COOKIE_SECURE: 'true' }).COOKIE_SECURE).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'false', INTERNAL_TOKEN: 't'.repeat(32) }).COOKIE_SECURE).toBe(false);
  });

  it('keeps Redis keys under gw: unless a deployment names its own prefix', () => {
    const base = { INTERNAL_TOKEN: 't'.repeat(32) };
    expect(loadConfig(base).REDIS_KEY_PREFIX).toBe('gw:');
    expect(loadConfig({ ...base, REDIS_KEY_PREFIX: 'shop-eu:' }).REDIS_KEY_PREFIX).toBe('shop-eu:');
    expect(() => loadConfig({ ...base, REDIS_KEY_PREFIX: 'a b*' })).toThrow(/REDIS_KEY_PREFIX/);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ REDIS_URL: '', PORT: '', NODE_ENV: 'test' });
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.PORT).toBe(3000);
  });

  it('reads trust-proxy settings as Fastify takes them', () => {
    expect(loadConfig({ TRUST_PROXY: 'true', NODE_ENV: 'test' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2', NODE_ENV: 'test' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8', NODE_ENV: 'test' }).TRUST_PROXY).toBe('10.0.0.0/8');
  });

  it('refuses timeouts Node would reject or that defeat each other', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '30000' })).toThrow(/HEADERS_TIMEOUT_MS/);
    expect(() => loadConfig({ UPSTREAM_TIMEOUT_MS: '400000' })).toThrow(/UPSTREAM_TIMEOUT_MS/);
    expect(() => loadConfig({ BODY_LIMIT_BYTES: '0', PLAN_CACHE_TTL_SECONDS: 'soon' })).toThrow(/BODY_LIMIT_BYTES[\s\S]*PLAN_CACHE_TTL_SECONDS/);
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', UPSTREAM_URL: 'ftp://x', REDIS_URL: 'http://nope', COOKIE_SECURE: 'maybe', NODE_ENV: 'staging' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'UPSTREAM_URL', 'REDIS_URL', 'COOKIE_SECURE', 'NODE_ENV']) expect(problems).toContain(name);
  });
});
