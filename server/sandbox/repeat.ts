/**
 * Work the server repeats in the background (pruning, idle sandboxes, import steps, scheduled
 * reports). The timer never keeps the process alive by itself and stops when the app closes:
 * tests build and close many apps in one process.
 */
import type { FastifyInstance } from 'fastify';
import { StoreClosedError } from '../store/database.ts';
import { DEFAULT_SANDBOX } from './scope.ts';

export function repeatWhileOpen(app: FastifyInstance, ms: number, work: () => void): void {
  const timer = setInterval(work, ms);
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));
}

/**
 * A pass every `ms` in the default state and in each test sandbox (on its own clock). `pass`
 * answers undefined to skip a sandbox this time. A pass still under way when the server closed
 * is dropped quietly (the next start takes its work up); any other failure is logged as `failure`.
 */
export function repeatInEverySandbox(
  app: FastifyInstance,
  ms: number,
  failure: string,
  pass: (sandbox: string) => Promise<unknown> | undefined,
): void {
  repeatWhileOpen(app, ms, () => {
    for (const name of [DEFAULT_SANDBOX, ...app.sandboxes.list().map((sandbox) => sandbox.name)]) {
      pass(name)?.catch((error: unknown) => {
        if (!(error instanceof StoreClosedError)) app.log.error(error, failure);
      });
    }
  });
}
