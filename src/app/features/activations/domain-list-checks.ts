/**
 * What the domain-list dialog checks before it sends anything, as the schema its form runs
 * (useResourceForm): the list's name by the resource's own rule, and the entries by the way the
 * person chose to give them. Each refusal lands on the field it is about. Loaded on Save, so zod
 * stays out of the activation pages' chunks.
 */
import { z } from 'zod';
import { parseDomainList } from '../../../shared/domains.ts';
import { checkedBy } from '../../kit/checks.ts';
import { name } from '../../../shared/schemas/common.ts';
import { DOMAIN_LIST_TYPES } from '../../../shared/schemas/domain-list.ts';
import type { Measurement } from '../../../shared/schemas/index.ts';

/** Where a list's entries come from: kept as they are (an edit), a file, pasted text or a measurement. */
export type EntrySource = 'keep' | 'upload' | 'paste' | 'measurement';

/** A chosen CSV file, read as text. */
export interface ChosenFile {
  name: string;
  text: string;
}

/** The form's values as checked and sent: the fields of the other sources are dropped. */
export interface DomainListValue {
  source: EntrySource;
  name: string;
  type: (typeof DOMAIN_LIST_TYPES)[number];
  file?: ChosenFile;
  pasted?: string;
  measurement?: Measurement;
}

/** Said on the file or the paste box while its lines, listed below it, have errors. */
export const FIX_LINES = 'Fix the lines listed below first';

/** Text whose lines have errors (the dialog lists them, with the parser the server uses). */
const hasBadLines = (text: string) => parseDomainList(text).issues.length > 0;

/**
 * The checks of each source; `minApmProblem` is what stops a save at the minimum APM typed
 * (MinApmField.tsx's minApmProblem, which needs the preview the dialog holds), or null.
 */
export function domainListSchema(minApmProblem: string | null): z.ZodType<DomainListValue> {
  const head = { name, type: z.enum(DOMAIN_LIST_TYPES) };
  // By source: the refusals are those of the chosen source's fields, each on its field.
  return z.discriminatedUnion('source', [
    z.object({ ...head, source: z.literal('keep') }),
    z.object({
      ...head,
      source: z.literal('upload'),
      file: checkedBy<ChosenFile | null>((file) =>
        !file ? 'Choose a CSV file' : hasBadLines(file.text) ? FIX_LINES : null,
      ),
    }),
    z.object({
      ...head,
      source: z.literal('paste'),
      pasted: checkedBy<string>((text) =>
        !text.trim() ? 'Paste at least one domain or app bundle id' : hasBadLines(text) ? FIX_LINES : null,
      ),
    }),
    z.object({
      ...head,
      source: z.literal('measurement'),
      measurement: checkedBy<Measurement | null>((chosen) => (chosen ? null : 'Choose a measurement')),
      min_apm: checkedBy<unknown>(() => minApmProblem),
    }),
  ]);
}
