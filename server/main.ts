/**
 * The server's entry: build the app, listen, and shut down cleanly on SIGTERM/SIGINT.
 * Everything else lives in app.ts.
 */
import { buildApp } from './app.ts';
import { readBootstrapAdmin } from './bootstrap-admin.ts';
import { ConfigError } from './config.ts';

const SHUTDOWN_GRACE_MS = 10_000;

/** Said at every demo start (and in the README): the demo is open by design. */
const DEMO_WARNING =
  'Demo mode must never hold real data: its personas share a published password and anyone who reaches ' +
  'this port can sign in as them. Use LAMP_MODE=production for real data.';

try {
  // Read (and removed from the environment) before anything else can see it.
  const app = await buildApp({ bootstrapAdmin: readBootstrapAdmin() });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting connections, finish in-flight requests, flush the store; never hang.
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: app.config.port, host: app.config.host });
  app.log.info(
    `LAMP (${app.config.mode} mode) at http://${app.config.host === '0.0.0.0' ? 'localhost' : app.config.host}:${app.config.port}`,
  );
  if (app.config.mode === 'demo') app.log.warn(DEMO_WARNING);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
