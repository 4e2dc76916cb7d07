/**
 * nginx in front of LAMP replicas, for the tests of the README's "Scaling out" (the API test
 * tests/api/replicas.test.ts and the browser suite's playwright.replicas.config.ts): the deployed
 * deploy/nginx-replicas.conf with this run's ports, run from a folder of its own (nothing of the
 * system's nginx is used or touched), and what its access log says about which replica answered
 * each request.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib.ts';

/** The nginx binary (Debian's package), or undefined where nginx is not installed. */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(
  (candidate) => spawnSync(candidate, ['-v']).status === 0,
);

export const NGINX_MISSING = 'nginx is not installed (Debian: apt-get install nginx)';

export interface NginxSite {
  /** Where nginx answers: http://127.0.0.1:{port}. */
  base: string;
  /** nginx's arguments: its folder, its configuration, in the foreground. */
  args: string[];
  /** The access log: one line per request, read by `readReplicaLog`. */
  log: string;
}

// What the log keeps of each request: the affinity key nginx hashed, the replica that answered
// ($upstream_addr lists two if nginx ever retried on another replica), the sandbox named by header
// and by cookie, and the request itself.
const LOG_FORMAT = [
  '$lamp_affinity',
  '$upstream_addr',
  '$http_x_lamp_sandbox',
  '$cookie_lamp_sandbox',
  '$request_method',
  '$uri',
  '$status',
].join('\\t');

export interface NginxSiteOptions {
  /** nginx's own folder (its configuration, logs, temporary files, pid). */
  prefix: string;
  port: number;
  /** `host:port` of each replica. */
  replicas: readonly string[];
}

/** Where the site of `writeNginxSite` answers, how to start it, and its log (nothing written). */
export function nginxSite({ prefix, port }: NginxSiteOptions): NginxSite {
  // nginx started by root drops to `nobody` unless told otherwise; the folder is root's.
  const user = process.getuid?.() === 0 ? ' user root;' : '';
  return {
    base: `http://127.0.0.1:${port}`,
    args: ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', `daemon off; pid ${prefix}/nginx.pid;${user}`],
    log: path.join(prefix, 'logs', 'replicas.log'),
  };
}

/**
 * Writes nginx's files into `prefix` (an empty folder): deploy/nginx-replicas.conf with one
 * `server` line per replica and listening on `port`, inside a minimal nginx.conf.
 */
export function writeNginxSite(options: NginxSiteOptions): NginxSite {
  const { prefix, port, replicas } = options;
  const site = nginxSite(options);
  mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  const deployed = readFileSync(path.join(ROOT, 'deploy/nginx-replicas.conf'), 'utf8');
  const servers = /( *)server 127\.0\.0\.1:8081([^;\n]*);\n\s*server 127\.0\.0\.1:8082[^;\n]*;/;
  if (!servers.test(deployed) || !deployed.includes('listen 8080;'))
    throw new Error('deploy/nginx-replicas.conf no longer lists its two example replicas and port');
  const conf = deployed
    .replace(servers, (_, indent: string, parameters: string) =>
      replicas.map((replica) => `${indent}server ${replica}${parameters};`).join('\n'),
    )
    .replace('listen 8080;', `listen 127.0.0.1:${port};`);
  writeFileSync(path.join(prefix, 'site.conf'), conf);
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `worker_processes 1;
events { worker_connections 1024; }
http {
  log_format lamp_replicas '${LOG_FORMAT}';
  access_log ${site.log} lamp_replicas;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  include ${prefix}/site.conf;
}
`,
  );
  return site;
}

export interface ReplicaLogLine {
  /** What nginx hashed: `sandbox:{name}` or `client:{address}`. */
  key: string;
  replica: string;
  header: string;
  cookie: string;
  method: string;
  path: string;
  status: number;
}

/** The access log's lines, oldest first (nginx writes `-` for an empty variable). */
export function readReplicaLog(log: string): ReplicaLogLine[] {
  const value = (field: string | undefined) => (field === undefined || field === '-' ? '' : field);
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [key, replica, header, cookie, method, uri, status] = line.split('\t').map(value);
      return {
        key: key ?? '',
        replica: replica ?? '',
        header: header ?? '',
        cookie: cookie ?? '',
        method: method ?? '',
        path: uri ?? '',
        status: Number(status),
      };
    });
}

/** Each sandbox of the log with the replicas that answered its requests (one, if affinity held). */
export function replicasBySandbox(lines: readonly ReplicaLogLine[]): Map<string, Set<string>> {
  const bySandbox = new Map<string, Set<string>>();
  for (const line of lines) {
    if (!line.key.startsWith('sandbox:')) continue;
    const name = line.key.slice('sandbox:'.length);
    const seen = bySandbox.get(name) ?? new Set<string>();
    seen.add(line.replica);
    bySandbox.set(name, seen);
  }
  return bySandbox;
}
