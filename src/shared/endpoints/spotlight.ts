/**
 * Spotlight's routes besides its four resources (whose list, details, create, edit and delete
 * come from server/routes/spotlight/resources.ts): the token, the dashboard's two lists, an upload
 * and an asset's creative. All but the token call carry the token (`bearer`).
 */
import { z } from 'zod';
import {
  briefListResponse,
  spotlightAuthQuery,
  spotlightAuthResponse,
  stim,
  stimListResponse,
} from '../schemas/spotlight.ts';
import { areaEndpoint } from './endpoint.ts';

const spotlight = areaEndpoint({ tags: ['Spotlight'] });

export const spotlightEndpoints = {
  spotlightAuth: spotlight('spotlightAuth', {
    query: spotlightAuthQuery,
    answer: spotlightAuthResponse,
    summary: 'A Spotlight token for the signed-in user',
  }),
  spotlightRecentStudies: spotlight('spotlightRecentStudies', {
    answer: briefListResponse,
    summary: 'The company’s most recent studies',
    bearer: true,
  }),
  spotlightRankedAssets: spotlight('spotlightRankedAssets', {
    answer: stimListResponse,
    summary: 'Assets with the best and worst attention, and headline figures',
    bearer: true,
  }),
  // A multipart body: its fields are the document's (server/routes/service/openapi.ts), read by the handler.
  spotlightUpload: spotlight('spotlightUpload', {
    answer: z.object({ data: stim }),
    status: 201,
    summary: 'Add an asset to a draft study by uploading its file',
    bearer: true,
  }),
  // A file (SVG, an uploaded image or video) or a redirect: no JSON answer.
  spotlightCreative: spotlight('spotlightCreative', {
    summary: 'The asset’s creative',
    bearer: true,
  }),
};
