/**
 * The Spotlight creative-testing service (decisions.md §5), in the same server under
 * /api/spotlight-auth and /api/spotlight/. Its data lives in the store beside LAMP's, so the test
 * reset restores it too.
 */
import { routePlugin } from '../../plugins/named.ts';
import type { FastifyInstance } from 'fastify';
import { spotlightAuthRoutes } from './auth.ts';
import { spotlightCreativeRoutes } from './creatives.ts';
import { spotlightDashboardRoutes } from './dashboard.ts';
import { decorateSpotlight } from './guard.ts';
import { spotlightResourceRoutes } from './resources.ts';

export function spotlightRoutes(app: FastifyInstance) {
  decorateSpotlight(app);
  spotlightAuthRoutes(app);
  spotlightDashboardRoutes(app);
  spotlightResourceRoutes(app);
  spotlightCreativeRoutes(app);
}

export const spotlightPlugin = routePlugin('spotlight', spotlightRoutes);

export const spotlightPlugins = [spotlightPlugin];
