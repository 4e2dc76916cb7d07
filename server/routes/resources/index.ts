/**
 * The resource engine and what it answers beside its rows (usage counts before a delete). The
 * ETags come before the engine (they tag routes added after them), and the engine after every
 * other route module: it fills only the methods no module registered (resources.ts).
 */
import { entityTagsPlugin } from './concurrency.ts';
import { labelUsagePlugin } from './label-usage.ts';
import { referenceUsagePlugin } from './reference-usage.ts';
import { resourcesPlugin } from './resources.ts';

export const resourcePlugins = [labelUsagePlugin, referenceUsagePlugin, entityTagsPlugin, resourcesPlugin];
