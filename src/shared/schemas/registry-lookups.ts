/** The registry's lookup tables (spec §2 admin "Lookup tables"): global, written by super users. */
import { LOOKUP_TABLE_TITLES } from '../lookup-tables.ts';
import { lookupCreate, lookupRow, lookupUpdate } from './lookups.ts';
import { NAMED_LIST, type ResourceDefinition } from './resource-definition.ts';
import {
  thirdPartyMacroVendorCreate,
  thirdPartyMacroVendorRow,
  thirdPartyMacroVendorUpdate,
} from './third-party-macro-vendor.ts';

function lookup<const Name extends string>(name: Name, title: string) {
  return {
    name,
    title,
    row: lookupRow,
    create: lookupCreate,
    update: lookupUpdate,
    accountPath: null,
    accountFilter: null,
    ...NAMED_LIST,
    writePermission: 'admin.super',
    searchPermission: null,
  } as const satisfies ResourceDefinition;
}

export const lookupDefinitions = [
  lookup('model', LOOKUP_TABLE_TITLES.model),
  lookup('advertising-channel', LOOKUP_TABLE_TITLES['advertising-channel']),
  lookup('media-partner', LOOKUP_TABLE_TITLES['media-partner']),
  lookup('media-type', LOOKUP_TABLE_TITLES['media-type']),
  lookup('device-type', LOOKUP_TABLE_TITLES['device-type']),
  lookup('format', LOOKUP_TABLE_TITLES.format),
  {
    ...lookup('third-party-macro-vendor', LOOKUP_TABLE_TITLES['third-party-macro-vendor']),
    row: thirdPartyMacroVendorRow,
    create: thirdPartyMacroVendorCreate,
    update: thirdPartyMacroVendorUpdate,
  },
] as const satisfies readonly ResourceDefinition[];
