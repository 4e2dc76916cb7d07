// @ts-check
/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside each text file of the static build, once at
 * build time, so the server (@fastify/static's preCompressed) and any CDN send compressed files
 * without compressing on every request. Lighthouse counts uncompressed text against the product.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
// The API's answers go compressed from the same size (server/plugins/compression.ts).
import { COMPRESS_FROM } from '../server/plugins/compression.ts';

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|xml|map)$/;

/** @param {string} dir */
export function precompressDir(dir) {
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      files += precompressDir(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name) || statSync(file).size < COMPRESS_FROM) continue;
    const data = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    files += 1;
  }
  return files;
}

/** @returns {import('astro').AstroIntegration} */
export function precompress() {
  return {
    name: 'lamp-precompress',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const count = precompressDir(new URL(dir).pathname);
        logger.info(`${count} files precompressed (.br, .gz)`);
      },
    },
  };
}
