import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * `npm run bench:ui`: the UI budgets (tests/bench/ui), one worker so that the figures are not
 * shared with another browser, no retries: a figure is reported as measured.
 */
export default defineConfig({ ...base, testDir: 'tests/bench/ui', workers: 1, retries: 0 });
