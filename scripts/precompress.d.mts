import type { AstroIntegration } from 'astro';

/** Writes .br and .gz copies of the text files under dir; answers how many files it compressed. */
export function precompressDir(dir: string): number;
export function precompress(): AstroIntegration;
