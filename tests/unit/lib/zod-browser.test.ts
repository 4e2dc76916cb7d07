import { expect, it } from 'vitest';

it("the browser's zod runs jitless, so it never probes eval under the page CSP", async () => {
  await import('../../../src/lib/zod-browser.ts');
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
  // An object schema made now parses without the JIT (and without the eval probe).
  expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
});
