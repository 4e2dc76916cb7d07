/** What the service says about itself: its health, its OpenAPI document and reference page. */
import { healthPlugin } from './health.ts';
import { openapiPlugin } from './openapi.ts';

export const servicePlugins = [healthPlugin, openapiPlugin];
