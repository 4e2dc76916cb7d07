import { defineConfig } from 'vitest/config';

// Unit tests (tests/unit, mirroring src and server) and API tests through inject() (tests/api).
// Component tests opt into a DOM with `// @vitest-environment happy-dom` at the top of the file.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/api/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    env: { LAMP_MODE: 'test', LOG_LEVEL: 'silent', LAMP_DATA_DIR: '' },
  },
});
