/**
 * A plain static host for the CDN browser test (cdn.spec.ts): it knows nothing of LAMP and does
 * what the README asks of any host, from the files the build writes beside the pages:
 * - `_redirects` (Netlify's rules: a file that exists wins; else the first matching rule, a 200
 *   serving its target in place, a 404 serving it with that status);
 * - `_headers` (every block whose path pattern matches adds its headers);
 * - the .br and .gz copies for a browser that accepts them.
 * nginx is not needed: deploy/nginx.conf is the same recipe for it.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export interface RedirectRule {
  from: string;
  to: string;
  status: number;
}

/** The first rule for a path that is not a file. */
export function redirectFor(rules: readonly RedirectRule[], pathname: string): RedirectRule | undefined {
  return rules.find((rule) => matches(rule.from, pathname));
}

/** `/a/*` matches `/a` and everything under it; any other pattern only itself. */
function matches(pattern: string, pathname: string): boolean {
  if (!pattern.endsWith('/*')) return pattern === pathname;
  const base = pattern.slice(0, -2);
  return pathname === base || pathname.startsWith(`${base}/`);
}

export function parseRedirects(text: string): RedirectRule[] {
  return text
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [from = '', to = '', status = '301'] = line.trim().split(/\s+/);
      return { from, to, status: Number(status) };
    });
}

function readHeaderBlocks(root: string): { pattern: string; headers: [string, string][] }[] {
  const blocks: { pattern: string; headers: [string, string][] }[] = [];
  for (const line of readFileSync(path.join(root, '_headers'), 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (!/^\s/.test(line)) blocks.push({ pattern: line.trim(), headers: [] });
    else {
      const colon = line.indexOf(':');
      blocks.at(-1)?.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
    }
  }
  return blocks;
}

export function startStaticHost(root: string, port: number): Promise<Server> {
  const rules = parseRedirects(readFileSync(path.join(root, '_redirects'), 'utf8'));
  const blocks = readHeaderBlocks(root);
  const fileAt = (pathname: string): string | null => {
    const file = path.join(root, pathname);
    return file.startsWith(root) && existsSync(file) && statSync(file).isFile() ? file : null;
  };
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
    let file = fileAt(pathname);
    let status = 200;
    if (!file) {
      const rule = redirectFor(rules, pathname);
      file = rule ? fileAt(rule.to) : null;
      status = rule?.status ?? 404;
    }
    for (const block of blocks) {
      if (matches(block.pattern, pathname)) for (const [name, value] of block.headers) response.setHeader(name, value);
    }
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    response.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding = [
      ['br', '.br'],
      ['gzip', '.gz'],
    ].find(([name, suffix]) => accepts.includes(name!) && existsSync(`${file}${suffix}`));
    if (encoding) {
      response.setHeader('content-encoding', encoding[0]!);
      file = `${file}${encoding[1]}`;
    }
    response.setHeader('vary', 'Accept-Encoding');
    response.writeHead(status);
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
