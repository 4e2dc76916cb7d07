/**
 * What an admin section declares (its own file in ./sections/): only what differs from the next
 * section. The registry (src/shared/schemas) already gives the resource's schemas, sort fields,
 * references and how a row is named; the route table (src/app/routes) its paths, titles and
 * access. The generic pages (AdminListPage, AdminCreatePage, AdminDetailPage) render the rest.
 */
import type { ReactNode } from 'react';
import type { SelectOption } from '../../../shared/constants.ts';
import type { ResourceName, ResourceRow } from '../../../shared/schemas/index.ts';
import type { Column } from '../../kit/DataTable.tsx';
import type { ListFilter } from '../../kit/listFilter.ts';
import type { ListBase, SortSpec } from '../../kit/listState.ts';
import { columnsOf, type ColumnForms } from './columns.tsx';

/** What a declaration may read: the account the Account Admin Menu acts on (decisions.md §3). */
export interface SectionContext {
  accountId: string;
  accountName: string;
  /** Route parameters beyond the record's id (a lookup table's name, a correlation id). */
  params: Readonly<Record<string, string>>;
}

export interface FieldDeclaration {
  /** A field of the resource's create schema. */
  name: string;
  label: string;
  hint?: ReactNode;
  /** Labels of an object field's parts, or of a choice's options. */
  labels?: Readonly<Record<string, string>>;
  /** Known values a list of plain values offers. */
  suggestions?: readonly SelectOption[];
  /** The fixed parameters a reference picker asks with (e.g. only the selected account's rows). */
  referenceBase?: (context: SectionContext) => ListBase<ResourceName>;
  /** Shown on the create form only (a field that is not changed afterwards). */
  createOnly?: boolean;
}

/** A list filter the page offers, under a query parameter the API takes (spec §7). */
export type FilterDeclaration = ListFilter;

export interface AdminDeclaration<Name extends ResourceName = ResourceName> {
  resource: Name;
  /** What the list is called in messages ('third party macros'). */
  noun: string;
  /** One line under the list's heading. */
  intro?: (context: SectionContext) => ReactNode;
  /** The list's fixed query: the account filter of an account section, a pinned correlation id. */
  base?: (context: SectionContext) => ListBase<Name>;
  columns: readonly Column<ResourceRow<Name>>[];
  /** The list's first order; by default the registry's. */
  defaultSort?: SortSpec;
  filters?: readonly FilterDeclaration[];
  /** The form's fields, in order; any other field of the schema keeps its value (or default). */
  fields: readonly FieldDeclaration[];
  /** Values a new record starts with beyond the schema's empty ones (the selected account…). */
  initial?: (context: SectionContext) => Record<string, unknown>;
  /** Whether the section deletes records (default true where it has a detail page). */
  canDelete?: boolean;
  /** What deleting one does beyond removing it, said in the confirmation. */
  deleteConsequence?: string;
  /** More on the detail page, below the form (a link to where the record is used). */
  detailExtras?: (row: ResourceRow<Name>) => ReactNode;
  /** The heading of a record on its detail page; by default the registry's name for it. */
  recordName?: (row: ResourceRow<Name>) => string;
}

/**
 * Declares a section with its rows typed from the registry. Its columns may be written with the
 * column forms for its resource (`columns: ({ field, reference }) => [...]`).
 */
export function declare<Name extends ResourceName>(
  declaration: Omit<AdminDeclaration<Name>, 'columns'> & {
    columns: AdminDeclaration<Name>['columns'] | ((forms: ColumnForms<Name>) => AdminDeclaration<Name>['columns']);
  },
): AdminDeclaration<Name> {
  const { columns } = declaration;
  return {
    ...declaration,
    columns: typeof columns === 'function' ? columns(columnsOf(declaration.resource)) : columns,
  };
}
