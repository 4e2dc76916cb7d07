/**
 * The CSP hashes of the inline scripts in the static build (Astro's island loader is an inline
 * script in app.html), so the page CSP can allow exactly those scripts instead of
 * 'unsafe-inline'. Read once at start: a new build comes with a restart.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** An inline script: a <script> element without a src attribute, and its text. */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

export function inlineScriptHashes(staticDir: string): string[] {
  if (!existsSync(staticDir)) return [];
  const hashes = new Set<string>();
  // Recursive: pages in folders (documentation/api.html) have inline scripts too.
  for (const file of readdirSync(staticDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.html')) continue;
    const html = readFileSync(path.join(staticDir, file), 'utf8');
    for (const [, text] of html.matchAll(INLINE_SCRIPT)) {
      if (!text) continue;
      hashes.add(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}
