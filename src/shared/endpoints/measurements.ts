/** A measurement's figures, tags and imports. */
import { z } from 'zod';
import {
  importUploadBody,
  metricsQuery,
  metricsResponse,
  tagQuery,
  tagsResponse,
  tagUploadBody,
  tagUploadResponse,
} from '../measurement-api.ts';
import { importJobRow } from '../schemas/import-job.ts';
import { endpoint } from './endpoint.ts';

export const measurementEndpoints = {
  measurementMetrics: endpoint('measurementMetrics', {
    query: metricsQuery,
    answer: metricsResponse,
    tags: ['metrics'],
    summary: 'Attention metrics of a measurement',
  }),
  tagDownload: endpoint('tagDownload', {
    query: tagQuery,
    answer: tagsResponse,
    tags: ['measurement-tag'],
    summary: 'Tags of a measurement for an ad server',
  }),
  tagUpload: endpoint('tagUpload', {
    body: tagUploadBody,
    answer: tagUploadResponse,
    tags: ['measurement-tag'],
    summary: 'Upload placements and creatives as tags',
  }),
  importUpload: endpoint('importUpload', {
    body: importUploadBody,
    answer: z.object({ data: importJobRow }),
    status: 201,
    tags: ['import-job'],
    summary: 'Import a platform delivery export into a measurement',
  }),
};
