import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig } from './config';

describe('configuration', () => {
  it('when nothing is set, then the embedded defaults apply', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      API_PORT: 8080,
      ADMIN_PORTAL_PORT: 3000,
      CUSTOMER_PORTAL_PORT: 3001,
      DATA_DIR: resolve('./data'),
      FILES_DIR: resolve('./data/files'),
      PUBLIC_ADMIN_URL: 'http://localhost:3000',
      PUBLIC_CUSTOMER_URL: 'http://localhost:3001',
      RUN_PROJECTIONS: true,
      // Loopback only unless HOST says otherwise.
      HOST: '127.0.0.1',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('when several values are wrong, then one error lists every problem by name', () => {
    try {
      loadConfig({ API_PORT: 'eighty', DATABASE_URL: 'not a url', JWT_SECRET: 'short', ADMIN_PASSWORD: 'short', RUN_PROJECTIONS: 'maybe', HOST: 'any host' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['API_PORT', 'DATABASE_URL', 'JWT_SECRET', 'ADMIN_PASSWORD', 'RUN_PROJECTIONS', 'HOST']) expect(problems).toContain(name);
      expect((error as Error).message).toMatch(/^Invalid configuration:\n {2}- /);
    }
  });

  it('when directories are relative, then they are resolved against the working directory once, at start-up', () => {
    const config = loadConfig({ DATA_DIR: 'here', FILES_DIR: '../there' });
    expect(config.DATA_DIR).toBe(resolve('here'));
    expect(config.FILES_DIR).toBe(resolve('../there'));
  });

  it('when NODE_ENV is production, then SMTP_URL is required', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL: SMTP_URL is required when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' }).SMTP_URL).toBe('smtp://mail.example.com:587');
  });

  it('when FILE_STORE is not set, then files stay on the local disk; s3 needs a bucket, and keys come both or neither', () => {
    expect(loadConfig({})).toMatchObject({ FILE_STORE: 'local', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow(/S3_BUCKET: S3_BUCKET is required when FILE_STORE=s3/);
    expect(() => loadConfig({ FILE_STORE: 'disk' })).toThrow(/FILE_STORE: FILE_STORE must be 'local' or 's3'/);
    expect(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'Files_Of_Us' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'ifu-files', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be an http\(s\) URL/);
    expect(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'ifu-files', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together/);
    expect(() => loadConfig({ S3_REGION: 'EU West' })).toThrow(/S3_REGION must be a region name/);
    expect(
      loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'ifu-files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: 'true' }),
    ).toMatchObject({ FILE_STORE: 's3', S3_BUCKET: 'ifu-files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: true });
  });

  it('when DATABASE_READ_URL is set without DATABASE_URL, then the start is refused: a replica of the embedded database cannot exist', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://reader@replica:5432/ifu' })).toThrow(/DATABASE_READ_URL: DATABASE_READ_URL needs DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://api@primary:5432/ifu', DATABASE_READ_URL: 'replica' })).toThrow(/DATABASE_READ_URL must be a postgres:\/\/ URL/);
    const config = loadConfig({ DATABASE_URL: 'postgres://api@primary:5432/ifu', DATABASE_READ_URL: ' postgres://api@replica:5432/ifu ' });
    expect(config.DATABASE_READ_URL).toBe('postgres://api@replica:5432/ifu');
    expect(loadConfig({ DATABASE_READ_URL: '' }).DATABASE_READ_URL).toBeUndefined();
  });

  it('when empty strings are given, then they count as not set', () => {
    const config = loadConfig({ DATABASE_URL: '', SMTP_URL: ' ' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it("when the public portal's options are not set, then search links last 30 days and no country header is trusted", () => {
    const config = loadConfig({});
    expect(config.LINK_TTL_DAYS).toBe(30);
    expect(config.GEO_COUNTRY_HEADER).toBeUndefined();
    expect(loadConfig({ LINK_TTL_DAYS: '7', GEO_COUNTRY_HEADER: ' cf-ipcountry ' })).toMatchObject({ LINK_TTL_DAYS: 7, GEO_COUNTRY_HEADER: 'cf-ipcountry' });
    expect(() => loadConfig({ LINK_TTL_DAYS: '0' })).toThrow(/LINK_TTL_DAYS/);
    expect(() => loadConfig({ GEO_COUNTRY_HEADER: 'x-country: FR' })).toThrow(/GEO_COUNTRY_HEADER must be a header name/);
  });

  describe('where the audit checkpoints go', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587', DATA_DIR: '/srv/ifu/data' };

    it('when AUDIT_CHECKPOINTS_FILE is not set, then the checkpoints default to DATA_DIR, and production warns at start-up', () => {
      const config = loadConfig(production);
      expect(config.AUDIT_CHECKPOINTS_FILE).toBe('/srv/ifu/data/audit-checkpoints.jsonl');
      expect(configWarnings(config)).toEqual([expect.stringMatching(/^AUDIT_CHECKPOINTS_FILE \(\/srv\/ifu\/data\/audit-checkpoints\.jsonl\) is inside DATA_DIR \(\/srv\/ifu\/data\)/)]);
    });

    it('when it names a file inside DATA_DIR explicitly, then production warns too', () => {
      expect(configWarnings(loadConfig({ ...production, AUDIT_CHECKPOINTS_FILE: '/srv/ifu/data/audit/checkpoints.jsonl' }))).toHaveLength(1);
    });

    it('when it names a file outside DATA_DIR, then nothing is said; nor outside production, where DATA_DIR is the default', () => {
      expect(configWarnings(loadConfig({ ...production, AUDIT_CHECKPOINTS_FILE: '/srv/ifu/audit/checkpoints.jsonl' }))).toEqual([]);
      expect(configWarnings(loadConfig({ ...production, AUDIT_CHECKPOINTS_FILE: '/srv/ifu/data-audit/checkpoints.jsonl' }))).toEqual([]);
      expect(configWarnings(loadConfig({ DATA_DIR: '/srv/ifu/data' }))).toEqual([]);
    });
  });
});
