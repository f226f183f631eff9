import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs with no settings: local address, embedded database, demo data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 4000,
      NODE_ENV: 'development',
      DATA_DIR: './data',
      ACCESS_TOKEN_TTL_SECONDS: 900,
      REFRESH_TOKEN_TTL_SECONDS: 1_209_600,
      SEED_DEMO: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('does not seed a real database unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).SEED_DEMO).toBe(false);
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production', PORT: 'eighty', DATABASE_URL: 'mysql://x/y', SEED_DEMO: 'maybe' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL/);
    expect(problems).toMatch(/SEED_DEMO/);
    expect(problems).toMatch(/JWT_SECRET: is required when NODE_ENV=production/);
  });

  it('requires a JWT secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: is required/);
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), INTERNAL_TOKEN: 'i'.repeat(32), CREDENTIAL_KEY_SECRET: 'c'.repeat(32) }).JWT_SECRET,
    ).toBe('p'.repeat(40));
  });

  it('requires the passport issuer key secret in production and derives one elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), INTERNAL_TOKEN: 'i'.repeat(32) })).toThrow(
      /CREDENTIAL_KEY_SECRET: is required when NODE_ENV=production/,
    );
    expect(() => loadConfig({ CREDENTIAL_KEY_SECRET: 'short' })).toThrow(/CREDENTIAL_KEY_SECRET: must be at least 32 characters/);
    const development = loadConfig({ JWT_SECRET: 'j'.repeat(40) });
    expect(development.CREDENTIAL_KEY_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(development.CREDENTIAL_KEY_SECRET).not.toBe(development.JWT_SECRET);
    expect(loadConfig({ JWT_SECRET: 'k'.repeat(40) }).CREDENTIAL_KEY_SECRET).not.toBe(development.CREDENTIAL_KEY_SECRET);
  });

  it('requires an internal token in production and has a development one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) })).toThrow(/INTERNAL_TOKEN: is required/);
    expect(loadConfig({ NODE_ENV: 'development' }).INTERNAL_TOKEN.length).toBeGreaterThanOrEqual(32);
  });

  it('stores files locally unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ STORAGE_DRIVER: 'local', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
  });

  it('fails at boot when STORAGE_DRIVER=s3 has no bucket', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET: is required when STORAGE_DRIVER=s3/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: '' })).toThrow(/S3_BUCKET: is required when STORAGE_DRIVER=s3/);
  });

  it('lists S3 problems together with the others', () => {
    let error: unknown;
    try {
      loadConfig({ STORAGE_DRIVER: 's3', PORT: 'eighty', S3_ENDPOINT: 'minio:9000', S3_ACCESS_KEY_ID: 'only-the-id' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/S3_ENDPOINT/);
    expect(problems).toMatch(/S3_BUCKET: is required when STORAGE_DRIVER=s3/);
    expect(problems).toMatch(/S3_SECRET_ACCESS_KEY: set both/);
  });

  it('uses path-style addressing for a custom endpoint unless told otherwise', () => {
    const minio = { STORAGE_DRIVER: 's3', S3_BUCKET: 'files', S3_ENDPOINT: 'http://minio:9000' };
    expect(loadConfig(minio).S3_FORCE_PATH_STYLE).toBe(true);
    expect(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'false' }).S3_FORCE_PATH_STYLE).toBe(false);
    expect(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'files' }).S3_FORCE_PATH_STYLE).toBe(false);
  });

  it('reads S3_PREFIX as a folder', () => {
    expect(loadConfig({ S3_PREFIX: 'app/files/' }).S3_PREFIX).toBe('app/files');
    expect(() => loadConfig({ S3_PREFIX: '../up' })).toThrow(/S3_PREFIX/);
  });
});
