/** Test control and the demo (demo and test modes only): reset, sandboxes, clock, outbox, tour. */
import { demoTourPlugin } from './demo-tour.ts';
import { outboxPlugin } from './outbox.ts';
import { testSessionsPlugin } from './test-sessions.ts';
import { testTrafficRoutesPlugin } from './test-traffic.ts';
import { testingPlugin } from './testing.ts';

export const testingPlugins = [
  outboxPlugin,
  demoTourPlugin,
  testingPlugin,
  testSessionsPlugin,
  testTrafficRoutesPlugin,
];
