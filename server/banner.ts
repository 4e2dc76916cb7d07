/**
 * What `npm start` prints once the server listens: where to go, in which mode, where the data
 * lives and how to start again from the demo data. People read it, so it is plain text, not a log
 * line; test mode prints one line that says it is ready.
 */
import path from 'node:path';
import { DATA_FILE } from './store/database.ts';
import { defaultPublicUrl, type Config } from './config.ts';

/** Said at every demo start (and in the README): the demo is open by design. */
export const DEMO_WARNING =
  'Demo mode must never hold real data: its personas share a published password and anyone who reaches ' +
  'this port can sign in as them. Use LAMP_MODE=production for real data.';

/** Where the server listens, as people and e-mailed links name it (the same as defaultPublicUrl). */
export function listenUrl(config: Pick<Config, 'host' | 'port'>, port = config.port): string {
  return defaultPublicUrl(port, config.host);
}

/**
 * The lines of the start banner. Test mode's runs are driven by code: one line, which a harness
 * can wait for, saying where the backend answers and where its clock stands.
 */
export function startBanner(
  config: Pick<Config, 'mode' | 'host' | 'port' | 'dataDir' | 'logLevel' | 'serveStatic' | 'publicUrl' | 'testClock'>,
  port = config.port,
  cwd = process.cwd(),
): string[] {
  if (config.mode === 'test') {
    const clock = config.testClock === null ? "the machine's time" : new Date(config.testClock).toISOString();
    return [`LAMP test backend ready at ${listenUrl(config, port)} (clock ${clock}; guide: /documentation/testing)`];
  }
  const url = listenUrl(config, port);
  const relative = (dir: string) => {
    const rel = path.relative(cwd, dir);
    return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : dir;
  };
  const data = config.dataDir
    ? `${path.join(relative(config.dataDir), DATA_FILE)}`
    : 'in memory only (nothing is kept when the server stops)';
  const lines = [
    '',
    `  LAMP is running at ${url}`,
    '',
    `  Mode   ${config.mode}`,
    `  Data   ${data}`,
    `  Logs   ${config.logLevel} and above (LOG_LEVEL=info shows every request)`,
  ];
  const publicUrlIsDefault = config.publicUrl === defaultPublicUrl(config.port);
  if (!config.serveStatic) {
    // /login here would be a 404: the pages are on another host (a CDN, or Astro's dev server).
    lines.push(
      '',
      '  The front end is served elsewhere (LAMP_SERVE_STATIC=false): this server answers /api only.',
      `  Links in e-mails go to ${config.publicUrl}${publicUrlIsDefault ? ' (the default)' : ''}: LAMP_PUBLIC_URL must be the front end's origin.`,
    );
  }
  if (config.mode === 'demo') {
    lines.push(
      '',
      ...(config.serveStatic
        ? [
            `  Sign in at ${url}/login: the page offers the demo personas for one-click sign-in.`,
            `  The guide is at ${url}/documentation.`,
          ]
        : publicUrlIsDefault
          ? []
          : [`  Sign in at ${config.publicUrl}/login: the page offers the demo personas for one-click sign-in.`]),
      '',
      '  Start fresh from the demo data:',
      `    while it runs   curl -X POST ${url}/api/v1/testing/reset`,
      config.dataDir
        ? `    or stop it,     rm ${path.join(relative(config.dataDir), DATA_FILE)}* && npm start`
        : '    or stop it and npm start again',
      '',
      `  ${DEMO_WARNING}`,
    );
  }
  lines.push('', '  Stop with Ctrl+C.', '');
  return lines;
}
