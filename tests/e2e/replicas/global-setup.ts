/**
 * Before the suite runs through nginx (playwright.replicas.config.ts): the workers' sandboxes are
 * named `{prefix}-{workerIndex}`, and where ketama hashes those few names depends on this run's
 * ports (with four names, all on one replica about one run in eight). So the prefix is chosen
 * here, by asking nginx where the first names would go, so that they start on both replicas; a
 * test of how the sandboxes spread is then about the balancer, not about luck.
 */
import type { FullConfig } from '@playwright/test';
import { SANDBOX_HEADER } from '../../../src/shared/schemas/sandbox.ts';

export default async function globalSetup(config: FullConfig): Promise<void> {
  const base = config.projects[0]?.use.baseURL;
  if (!base) throw new Error('The replicas run needs use.baseURL');
  const replicaOf = async (sandbox: string) =>
    (await fetch(`${base}/api/health`, { headers: { [SANDBOX_HEADER]: sandbox } })).headers.get('x-lamp-replica');
  const names = Math.max(2, config.workers);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const prefix = `e2e-${attempt}`;
    const served = new Set<string | null>();
    for (let n = 0; n < names; n += 1) served.add(await replicaOf(`${prefix}-${n}`));
    if (served.size > 1 && !served.has(null)) {
      process.env.LAMP_E2E_SANDBOX_PREFIX = prefix;
      return;
    }
  }
  throw new Error('No sandbox prefix spread over both replicas in 20 tries: is nginx hashing X-Lamp-Sandbox?');
}
