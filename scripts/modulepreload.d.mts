import type { AstroIntegration } from 'astro';

/** Every JS file reachable through static imports from the given files (absolute paths). */
export function staticClosure(entries: string[]): Set<string>;
/** The chunks each page starts at once beside its entry, by page (the app's parse worker). */
export const STARTUP_CHUNKS: Record<string, string[]>;
/** The built file name of a chunk, by its name; throws unless exactly one file is that chunk. */
export function startupChunkFile(chunks: string[], name: string): string;
/** Adds the module preloads to one built page; answers how many modules it preloads. */
export function addModulePreloads(dist: string, page: string, startup?: string[]): number;
export function modulePreload(startupChunks?: Record<string, string[]>): AstroIntegration;
