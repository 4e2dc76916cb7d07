/**
 * zod in the browser runs without its JIT. The page CSP forbids eval, so the JIT could never run
 * there anyway, but zod probes for eval with a caught `new Function("")` when the first object
 * schema is made, and the browser reports that probe as a CSP violation (Lighthouse's best
 * practices list it). `jitless` skips the probe.
 *
 * It must be set before any schema is made. zod keeps its configuration on
 * `globalThis.__zod_globalConfig` (so that copies of zod share it) and starts from whatever is there,
 * so the app entry sets it first, without loading zod itself (the schemas load later, lazily).
 * tests/unit/lib/zod-browser.test.ts checks that zod still reads it. The server keeps the JIT.
 */
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
// Mutated, not replaced: a zod already loaded holds this very object.
(scope.__zod_globalConfig ??= {}).jitless = true;

export {};
