import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has a default for everything', () => {
    const config = loadConfig({});
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
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.WEB_DIST_DIR.replaceAll('\\', '/')).toMatch(/services\/web\/dist$/);
  });

  it('makes cookies non-Secure by default only in development and test', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).COOKIE_SECURE).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).COOKIE_SECURE).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', COOKIE_SECURE: 'true' }).COOKIE_SECURE).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(false);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ REDIS_URL: '', PORT: '' });
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.PORT).toBe(3000);
  });

  it('reads trust-proxy settings as Fastify takes them', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toBe('10.0.0.0/8');
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
