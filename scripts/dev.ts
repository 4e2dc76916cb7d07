/**
 * `npm run dev`: the API server restarts on change (node --watch) and Astro's dev server
 * reloads the front end. Open http://localhost:4321; /api is proxied to the API server.
 */
import { start } from './lib.ts';

const apiPort = process.env.PORT ?? '8080';
const api = start(
  process.execPath,
  ['--watch-path=server', '--watch-path=src/shared', '--watch-path=fixtures', 'server/main.ts'],
  {
    PORT: apiPort,
    LAMP_SERVE_STATIC: 'false',
    // E-mailed links (a password reset) open the pages, which Astro serves here.
    LAMP_PUBLIC_URL: process.env.LAMP_PUBLIC_URL ?? 'http://localhost:4321',
  },
);
const web = start('astro', ['dev', '--port', '4321'], { LAMP_API_PROXY: `http://127.0.0.1:${apiPort}` });

const stop = () => {
  api.kill('SIGTERM');
  web.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
api.once('exit', stop);
web.once('exit', stop);
