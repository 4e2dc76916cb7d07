/**
 * `npm start`: builds the front end when it is missing or out of date, then serves the whole
 * system (static pages, the app, /api/v1 and /api/spotlight) with the demo fixtures.
 */
import { buildFrontEnd, frontEndIsStale } from './lib.ts';

if (frontEndIsStale()) {
  console.log('Building the front end…');
  buildFrontEnd();
}
await import('../server/main.ts');
