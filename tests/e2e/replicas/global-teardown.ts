/**
 * After the suite ran through nginx (playwright.replicas.config.ts): nginx's access log must show
 * every sandbox served by exactly one replica throughout, and both replicas serving some
 * sandboxes. Test control outside any sandbox would act on one replica's default state only, so
 * none of it may arrive without a sandbox key. Prints what each replica served; throws (failing
 * the run) on a sandbox that moved.
 */
import { readReplicaLog, replicasBySandbox } from '../../support/nginx-replicas.ts';

export default function globalTeardown(): void {
  const log = process.env.LAMP_REPLICAS_LOG;
  if (!log) throw new Error('The replicas run names its nginx log in LAMP_REPLICAS_LOG');
  const lines = readReplicaLog(log);
  const bySandbox = replicasBySandbox(lines);
  const problems: string[] = [];
  const perReplica = new Map<string, string[]>();
  for (const [sandbox, replicas] of bySandbox) {
    if (replicas.size !== 1 || replicas.has(''))
      problems.push(`sandbox ${sandbox} was served by ${[...replicas].map((r) => r || 'nginx itself').join(' and ')}`);
    for (const replica of replicas) perReplica.set(replica, [...(perReplica.get(replica) ?? []), sandbox]);
  }
  const unkeyed = lines.filter((line) => !line.key.startsWith('sandbox:'));
  const unkeyedControl = unkeyed.filter((line) => line.path.startsWith('/api/v1/testing/'));
  for (const line of unkeyedControl) problems.push(`test control without a sandbox: ${line.method} ${line.path}`);
  const expected = (process.env.LAMP_REPLICAS_LIST ?? '').split(',').filter(Boolean);
  for (const replica of expected) if (!perReplica.has(replica)) problems.push(`replica ${replica} served no sandbox`);

  say(`\nReplicas: ${lines.length} requests through nginx, ${bySandbox.size} sandboxes`);
  for (const replica of expected) {
    const sandboxes = perReplica.get(replica) ?? [];
    const requests = lines.filter((line) => line.replica === replica).length;
    say(`  ${replica}: ${sandboxes.length} sandboxes, ${requests} requests (${sandboxes.sort().join(', ')})`);
  }
  const outside = [...new Set(unkeyed.map((line) => `${line.method} ${line.path}`))].slice(0, 5).join(', ');
  say(`  outside any sandbox: ${unkeyed.length} requests${outside ? ` (${outside})` : ''}`);
  if (problems.length > 0) throw new Error(`Sandbox affinity broken:\n  ${problems.join('\n  ')}`);
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}
