/**
 * Every route plugin of the app, collected from the areas' own lists (each folder's index.ts), so
 * a new route module is added beside its area's others and nowhere else. Each plugin names what it
 * needs (server/plugins/named.ts); the order here is one that satisfies them. The resource engine's
 * area comes last: it serves only what no other module registered on a resource's path.
 */
import { accountPlugins } from './accounts/index.ts';
import { activationPlugins } from './activations/index.ts';
import { authPlugins } from './auth/index.ts';
import { measurementPlugins } from './measurements/index.ts';
import { reportPlugins } from './reports/index.ts';
import { resourcePlugins } from './resources/index.ts';
import { servicePlugins } from './service/index.ts';
import { spotlightPlugins } from './spotlight/index.ts';
import { testingPlugins } from './testing/index.ts';

export const routePlugins = [
  ...servicePlugins,
  ...authPlugins,
  ...accountPlugins,
  ...testingPlugins,
  ...measurementPlugins,
  ...activationPlugins,
  ...reportPlugins,
  ...spotlightPlugins,
  ...resourcePlugins,
];
