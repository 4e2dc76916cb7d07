import type { AstroIntegration } from 'astro';

/** Every JS file reachable through static imports from the given files (absolute paths). */
export function staticClosure(entries: string[]): Set<string>;
/** Adds the module preloads to one built page; answers how many modules it preloads. */
export function addModulePreloads(dist: string, page: string, startup?: string[]): number;
export function modulePreload(startupChunks?: Record<string, string[]>): AstroIntegration;
