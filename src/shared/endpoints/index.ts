/**
 * Every non-resource endpoint, by name (./routes.ts holds their methods and paths). A test checks
 * that the app registers each and that the API document describes it.
 */
import { activationEndpoints } from './activations.ts';
import { authEndpoints } from './auth.ts';
import { demoEndpoints } from './demo.ts';
import type { Endpoint } from './endpoint.ts';
import { measurementEndpoints } from './measurements.ts';
import { reportEndpoints } from './reports.ts';
import { spotlightEndpoints } from './spotlight.ts';
import { testControlEndpoints } from './test-control.ts';
import type { EndpointName } from './routes.ts';
import { usageEndpoints } from './usage.ts';
import { userEndpoints } from './users.ts';

export const endpoints = {
  ...authEndpoints,
  ...userEndpoints,
  ...measurementEndpoints,
  ...activationEndpoints,
  ...reportEndpoints,
  ...usageEndpoints,
  ...spotlightEndpoints,
  ...demoEndpoints,
  ...testControlEndpoints,
} satisfies { [N in EndpointName]: Endpoint<N> };

export type Endpoints = typeof endpoints;
export type { EndpointName } from './routes.ts';
export type { AnswerOf, BodyOf, Endpoint, QueryOf } from './endpoint.ts';
