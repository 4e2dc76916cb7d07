import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests (tests/unit, mirroring src and server) and API tests through inject() (tests/api).
// Component tests opt into a DOM with `// @vitest-environment happy-dom` at the top of the file.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/api/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // Vitest leaves one core to its main thread by default: one worker on a two-core machine. Our
    // API tests wait on sockets, child processes and timers as much as they compute, so a worker
    // per core runs the suite in 106 s instead of 167 s there.
    maxWorkers: Math.max(2, availableParallelism()),
    env: { LAMP_MODE: 'test', LOG_LEVEL: 'silent', LAMP_DATA_DIR: '' },
  },
});
