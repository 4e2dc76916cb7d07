/** Activations made with their allow list, and domain lists as files. */
import {
  activationSettingsBody,
  activationSettingsQuery,
  activationSettingsResponse,
  activationWithListBody,
  activationWithListResponse,
  domainListDownloadQuery,
  domainListUploadBody,
  domainListUploadResponse,
  domainPreviewQuery,
  domainPreviewResponse,
} from '../activation-api.ts';
import { endpoint } from './endpoint.ts';

const tags = ['activations'];

export const activationEndpoints = {
  domainPreview: endpoint('domainPreview', {
    query: domainPreviewQuery,
    answer: domainPreviewResponse,
    tags,
    summary: 'Domain preview of a measurement for a minimum APM',
  }),
  createActivationWithList: endpoint('createActivationWithList', {
    body: activationWithListBody,
    answer: activationWithListResponse,
    status: 201,
    tags,
    summary: 'Create an activation and its allow list together',
  }),
  updateActivationSettings: endpoint('updateActivationSettings', {
    query: activationSettingsQuery,
    body: activationSettingsBody,
    answer: activationSettingsResponse,
    tags,
    summary: "Change a draft or paused activation's name, platform and minimum APM",
  }),
  domainListUpload: endpoint('domainListUpload', {
    body: domainListUploadBody,
    // 200 when it replaces a list's entries, 201 when it makes a list.
    answer: domainListUploadResponse,
    tags,
    summary: 'Create a domain list, or replace its entries, from a CSV or pasted text',
  }),
  domainListDownload: endpoint('domainListDownload', {
    query: domainListDownloadQuery,
    tags,
    summary: 'A domain list as a CSV file',
  }),
};
