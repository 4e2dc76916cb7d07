/**
 * The server's entry: build the app, listen, and shut down cleanly on SIGTERM/SIGINT.
 * Everything else lives in app.ts.
 */
import { buildApp } from './app.ts';
import { startBanner } from './banner.ts';
import { readBootstrapAdmin } from './bootstrap-admin.ts';
import { ConfigError } from './config.ts';
import { collectStartGarbage } from './start-garbage.ts';
import { StoreRefusal } from './store/refusal.ts';

/**
 * Clearly shorter than the 10 s that Docker and podman wait after SIGTERM before they SIGKILL: a
 * slow shutdown ends on its own (exit 1, lock released where it can be) rather than being killed
 * at the same moment and leaving a lock the next start must first prove stale.
 */
const SHUTDOWN_GRACE_MS = 8_000;

try {
  // Read (and removed from the environment) before anything else can see it.
  const app = await buildApp({ bootstrapAdmin: readBootstrapAdmin() });
  collectStartGarbage();
  let closing = false;
  const shutdown = (signal: string, code = 0) => {
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
      () => process.exit(code),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  // Another server took the data directory (its lock was removed by hand): stop at once.
  app.db.onLost((message) => {
    app.log.error(message);
    shutdown('data directory lock lost', 1);
  });
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: app.config.port, host: app.config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : app.config.port;
  // For people, not log collectors: plain lines on stdout (one "ready" line in test mode).
  for (const line of startBanner(app.config, port)) console.log(line);
} catch (error) {
  // Refusals speak to the person starting LAMP: their message, without a stack.
  console.error(error instanceof ConfigError || error instanceof StoreRefusal ? error.message : error);
  process.exit(1);
}
