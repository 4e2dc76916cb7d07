/**
 * A 32-bit FNV-1a hash of a string: the fixtures seed their per-row generators with it, and the
 * server's Spotlight creatives their palettes, so the same id always gives the same result.
 */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
