import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.ts';
import { DEFAULT_PRODUCT_OWNER_ACCOUNT_IDS } from '../../../src/shared/demo-data.ts';

describe('loadConfig', () => {
  it('gives npm start a working demo setup with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ mode: 'demo', port: 8080, serveStatic: true, corsOrigins: [] });
    expect(config.dataDir).toMatch(/data$/);
    expect(config.sessionSecret).toHaveLength(64);
    expect(config.productOwnerAccountIds).toEqual(DEFAULT_PRODUCT_OWNER_ACCOUNT_IDS);
  });

  it('generates different secrets per process outside production', () => {
    expect(loadConfig({}).sessionSecret).not.toEqual(loadConfig({}).sessionSecret);
  });

  it('keeps test mode in memory', () => {
    expect(loadConfig({ LAMP_MODE: 'test' }).dataDir).toBeNull();
  });

  it('refuses production without real secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    const secret = 'x'.repeat(40);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: secret,
        LINK_SECRET: secret,
        LAMP_DATA_DIR: '/data',
        LAMP_PUBLIC_URL: 'https://lamp.example.com',
      }).mode,
    ).toBe('production');
  });

  it('lets the container ask for demo mode in production builds', () => {
    expect(loadConfig({ NODE_ENV: 'production', LAMP_MODE: 'demo' }).mode).toBe('demo');
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ LAMP_MODE: 'staging' })).toThrow(/LAMP_MODE/);
  });

  it('reads comma-separated lists', () => {
    const config = loadConfig({
      LAMP_CORS_ORIGINS: 'https://a.example, https://b.example',
      LAMP_PRODUCT_OWNER_ACCOUNTS: 'x,y',
    });
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.productOwnerAccountIds).toEqual(['x', 'y']);
  });

  it('keeps the sandboxes one client may hold below the total, and reads the upload quotas in MB', () => {
    expect(loadConfig({}).maxSandboxesPerClient).toBe(16);
    expect(loadConfig({ LAMP_MAX_SANDBOXES: '10' }).maxSandboxesPerClient).toBe(5);
    expect(loadConfig({ LAMP_MAX_SANDBOXES: '10', LAMP_MAX_SANDBOXES_PER_CLIENT: '9' }).maxSandboxesPerClient).toBe(9);
    expect(() => loadConfig({ LAMP_MAX_SANDBOXES: '10', LAMP_MAX_SANDBOXES_PER_CLIENT: '10' })).toThrow(
      /LAMP_MAX_SANDBOXES_PER_CLIENT \(10\) must be below LAMP_MAX_SANDBOXES \(10\)/,
    );
    const quotas = loadConfig({ LAMP_UPLOAD_QUOTA_MB: '5', LAMP_SANDBOX_UPLOAD_QUOTA_MB: '2' });
    expect([quotas.uploadQuotaBytes, quotas.sandboxUploadQuotaBytes]).toEqual([5 * 1024 * 1024, 2 * 1024 * 1024]);
    expect(() => loadConfig({ LAMP_UPLOAD_QUOTA_MB: 'lots' })).toThrow(/LAMP_UPLOAD_QUOTA_MB/);
  });
});
