/**
 * The headers every page of the front end needs (CSP, frame blocking, nosniff, referrer and
 * permissions policies), defined once. The build computes them for its pages (the inline
 * scripts' hashes, the API's origin) and writes them beside the pages, in two forms a host can
 * use: `_headers` (the static-host format of Netlify, Cloudflare Pages and others) and an nginx
 * snippet (scripts/host-files.ts). The LAMP server reads the same `_headers` when it serves
 * the pages itself, so a CDN and the server send the same values.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { helmetHeaders } from './plugins/security-headers.ts';

/** Written into the build folder; a static host reads it, the LAMP server too. */
export const HOST_HEADERS_FILE = '_headers';
/** The same headers as nginx add_header lines (deploy/nginx.conf includes it). */
export const NGINX_HEADERS_FILE = '_headers.nginx';
/** Content-hashed assets never change; everything else is revalidated so a deploy shows at once. */
export const ASSETS_PATH = '/_astro/';
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

/** The app uses none of these; a page that could (an injected script, a framed ad) gets nothing. */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'payment',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export interface PagePolicyInput {
  /** CSP sources of the pages' inline scripts ('sha256-…'). */
  scriptHashes: readonly string[];
  /** Origins the pages fetch from besides their own: the API's, the analytics sink's. */
  connectOrigins: readonly string[];
}

/** The page headers (lower-case names), HSTS included: a host over plain HTTP leaves it off. */
export function pageHeaders({ scriptHashes, connectOrigins }: PagePolicyInput): Record<string, string> {
  return {
    ...helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Astro's island loader is an inline script: allowed by its hash, never 'unsafe-inline'.
          scriptSrc: ["'self'", ...scriptHashes],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          // Uploaded videos play from a data: URL the page builds (the request needs the token).
          mediaSrc: ["'self'", 'data:', 'https:'],
          connectSrc: ["'self'", ...connectOrigins],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      xFrameOptions: { action: 'deny' },
      // Set by the server from its own configuration (CORS), and not a page's concern on a CDN.
      crossOriginResourcePolicy: false,
    }),
    'permissions-policy': PERMISSIONS_POLICY,
  };
}

/** An inline script: a <script> element without a src attribute, and its text. */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP hashes of the inline scripts of every page in a build folder. */
export function inlineScriptHashes(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const hashes = new Set<string>();
  // Recursive: pages in folders (documentation/api.html) have inline scripts too.
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.html')) continue;
    for (const [, text] of readFileSync(path.join(dir, file), 'utf8').matchAll(INLINE_SCRIPT)) {
      if (text) hashes.add(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

/** Header names as hosts print them (Content-Security-Policy); values are case-sensitive anyway. */
function displayName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase());
}

/** `_headers`: every path gets the page headers; the hashed assets a year-long cache. */
export function hostHeadersFile(headers: Readonly<Record<string, string>>): string {
  const lines = ['# Written by the build (server/page-policy.ts): the headers every page needs.', '/*'];
  for (const [name, value] of Object.entries(headers)) lines.push(`  ${displayName(name)}: ${value}`);
  lines.push(`${ASSETS_PATH}*`, `  Cache-Control: ${IMMUTABLE_CACHE}`, '');
  return lines.join('\n');
}

/**
 * The nginx snippet: include it in every location that serves files (add_header in a location
 * replaces, not extends, the server block's). `always` keeps them on the 404 page too.
 */
export function nginxHeadersFile(headers: Readonly<Record<string, string>>): string {
  const lines = ['# Written by the build (server/page-policy.ts): include in each location of the site.'];
  for (const [name, value] of Object.entries(headers)) {
    lines.push(`add_header ${displayName(name)} "${value.replaceAll('"', '\\"')}" always;`);
  }
  return `${lines.join('\n')}\n`;
}

/** The build's step: computes the pages' headers and writes both files into the build folder. */
export function writeHostHeaders(dir: string, connectOrigins: readonly string[]): Record<string, string> {
  const headers = pageHeaders({ scriptHashes: inlineScriptHashes(dir), connectOrigins });
  writeFileSync(path.join(dir, HOST_HEADERS_FILE), hostHeadersFile(headers));
  writeFileSync(path.join(dir, NGINX_HEADERS_FILE), nginxHeadersFile(headers));
  return headers;
}

/**
 * The page headers a build wrote (the `/*` block of its `_headers`), with lower-case names. A
 * folder without the file (a build from before it, a test's hand-made pages) gets what the build
 * would write for a same-origin front end.
 */
export function readHostHeaders(dir: string): Record<string, string> {
  const file = path.join(dir, HOST_HEADERS_FILE);
  if (!existsSync(file)) return pageHeaders({ scriptHashes: inlineScriptHashes(dir), connectOrigins: [] });
  const headers: Record<string, string> = {};
  let block = '';
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      block = line.trim();
      continue;
    }
    const colon = line.indexOf(':');
    if (block === '/*' && colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}
