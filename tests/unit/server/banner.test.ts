import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_WARNING, listenUrl, startBanner } from '../../../server/banner.ts';
import { loadConfig } from '../../../server/config.ts';

const cwd = '/srv/lamp';

describe('the start banner', () => {
  it('tells a newcomer where to go, how to sign in, where the data lives and how to start fresh', () => {
    const config = { ...loadConfig({}), dataDir: path.join(cwd, 'data') };
    const text = startBanner(config, 8080, cwd).join('\n');
    expect(text).toContain('LAMP is running at http://127.0.0.1:8080');
    expect(text).toMatch(/Mode\s+demo/);
    expect(text).toMatch(/Data\s+data\/lamp\.json/);
    expect(text).toContain('one-click sign-in');
    expect(text).toContain('curl -X POST http://127.0.0.1:8080/api/v1/testing/reset');
    expect(text).toContain('rm data/lamp.json* && npm start');
    expect(text).toContain('LOG_LEVEL=info');
    expect(text).toContain(DEMO_WARNING);
  });

  it('with the pages on another host, sends people there and says where e-mailed links go', () => {
    const cdn = loadConfig({ LAMP_SERVE_STATIC: 'false', LAMP_PUBLIC_URL: 'https://app.example.com' });
    const text = startBanner(cdn, 8080, cwd).join('\n');
    expect(text).not.toContain('http://127.0.0.1:8080/login');
    expect(text).toContain('The front end is served elsewhere (LAMP_SERVE_STATIC=false)');
    expect(text).toContain('Links in e-mails go to https://app.example.com:');
    expect(text).toContain('Sign in at https://app.example.com/login');
    // Left at its default, the public URL is this server, where no page is: the banner says so.
    const unset = startBanner(loadConfig({ LAMP_SERVE_STATIC: 'false' }), 8080, cwd).join('\n');
    expect(unset).toContain(
      "Links in e-mails go to http://127.0.0.1:8080 (the default): LAMP_PUBLIC_URL must be the front end's origin.",
    );
  });

  it('says when nothing is kept', () => {
    const config = { ...loadConfig({ LAMP_DATA_DIR: '' }) };
    expect(startBanner(config, 8080, cwd).join('\n')).toContain('in memory only');
  });

  it('offers no personas and no reset in production', () => {
    const secret = 'x'.repeat(40);
    const config = loadConfig({
      LAMP_MODE: 'production',
      SESSION_SECRET: secret,
      LINK_SECRET: secret,
      LAMP_DATA_DIR: '/var/lib/lamp',
      LAMP_PUBLIC_URL: 'https://lamp.example.com',
    });
    const text = startBanner(config, 8080, cwd).join('\n');
    expect(text).toContain('/var/lib/lamp/lamp.json');
    expect(text).not.toContain('persona');
    expect(text).not.toContain('testing/reset');
  });

  it('says in one line that test mode is ready, where, and where its clock stands', () => {
    expect(startBanner(loadConfig({ LAMP_MODE: 'test' }), 8080, cwd)).toEqual([
      'LAMP test backend ready at http://127.0.0.1:8080 (clock 2026-11-01T09:00:00.000Z; guide: /documentation/testing)',
    ]);
    expect(startBanner(loadConfig({ LAMP_MODE: 'test', LAMP_TEST_CLOCK: 'real' }), 9000, cwd)).toEqual([
      "LAMP test backend ready at http://127.0.0.1:9000 (clock the machine's time; guide: /documentation/testing)",
    ]);
  });

  it('sends e-mailed links to the address it prints', () => {
    expect(loadConfig({ LAMP_MODE: 'test', PORT: '8123' }).publicUrl).toBe('http://127.0.0.1:8123');
    expect(loadConfig({ HOST: '0.0.0.0' }).publicUrl).toBe('http://localhost:8080');
  });

  it('names a reachable address when listening on every interface', () => {
    expect(listenUrl({ host: '0.0.0.0', port: 8080 })).toBe('http://localhost:8080');
    expect(listenUrl({ host: '::1', port: 9000 })).toBe('http://[::1]:9000');
  });
});

describe('request logs', () => {
  it('are quiet by default in demo and test mode, and LOG_LEVEL turns them up', () => {
    expect(loadConfig({}).logLevel).toBe('warn');
    expect(loadConfig({ LAMP_MODE: 'test' }).logLevel).toBe('warn');
    expect(loadConfig({ LOG_LEVEL: 'info' }).logLevel).toBe('info');
  });

  it('stay on in production', () => {
    const secret = 'x'.repeat(40);
    const production = loadConfig({
      LAMP_MODE: 'production',
      SESSION_SECRET: secret,
      LINK_SECRET: secret,
      LAMP_DATA_DIR: '/data',
      LAMP_PUBLIC_URL: 'https://lamp.example.com',
    });
    expect(production.logLevel).toBe('info');
  });
});
