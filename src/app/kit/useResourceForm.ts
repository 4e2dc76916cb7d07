/**
 * The kit's form state. Every form built on it:
 * - checks with the resource's own zod schema (the rules the server applies), before sending;
 * - puts a server 4xx's (400, or 409 for a clash) `issues: [{path, message}]` on their fields, and any other failure in an
 *   error alert (spec §8);
 * - is an unsaved form while its values differ from what was loaded, so an account switch asks
 *   first (spec §4; the rule lives here so a new form cannot forget it);
 * - disables Save while saving and re-enables it 1 s after (spec §9).
 *
 * No silent lost updates (issue 17): a form that edits a stored record gives the `version` it
 * was loaded with (useRecord's ETag). `submit` receives `{ ifMatch }` to send with its write
 * (`saveRecord` does it for a plain PUT), and a save answered with a new version keeps it for
 * the next save. A 412 (someone else saved meanwhile) sets `conflict`; FormShell then shows the
 * reload-or-overwrite dialog: Reload calls the page's `onReload`, Overwrite saves again with
 * If-Match `*`. A page that wants something else gives `onConflict` instead.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiError, OVERWRITE, isConflict, updateVersioned, type WriteOptions } from '../../lib/api.ts';
import type { ResourceName, ResourceUpdate } from '../../shared/schemas/index.ts';
import { showError } from '../../stores/alerts.ts';
import { BUTTON_REENABLE_MS } from '../../shared/constants.ts';
import { useUnsavedForm } from '../shared/useUnsavedForm.ts';
import { issuesByField } from './schemaFields.ts';

export type Values = Record<string, unknown>;

export interface ResourceFormOptions<V extends Values, Out> {
  schema: z.ZodType<Out>;
  initial: V;
  /** Field labels, for messages ('Name is required'). */
  labels: Readonly<Record<string, string>>;
  /** Sends the values; `write.ifMatch` is the version to send as If-Match (null: none). */
  submit: (value: Out, write: WriteOptions) => Promise<unknown>;
  /** After a save: the server's answer and the values that were sent. */
  onSaved?: (result: unknown, value: Out) => void;
  /** The version (ETag) of the stored record these values were loaded from; none for a create. */
  version?: string | null;
  /** Loads the stored record again (Reload in the conflict dialog). */
  onReload?: () => void;
  /** Replaces the kit's reload-or-overwrite dialog on a 412. */
  onConflict?: (error: ApiError) => void;
}

export interface ResourceForm<V extends Values> {
  values: V;
  set: <K extends keyof V>(name: K, value: V[K]) => void;
  errors: Readonly<Record<string, string>>;
  saving: boolean;
  dirty: boolean;
  onSubmit: (event?: { preventDefault: () => void }) => void;
  /** Takes new values as the saved state (after a reload, or to start again). */
  reset: (values: V) => void;
  /** Someone else saved the record since it was loaded (412): FormShell asks reload or overwrite. */
  conflict: boolean;
  /** Saves these values whatever the stored version (If-Match: *). */
  overwrite: () => void;
  /** Drops these changes and loads the stored record (the page's onReload). */
  reload: () => void;
  /** Closes the conflict choice, keeping the values. */
  dismissConflict: () => void;
}

/** A `submit` that saves a stored record with PUT and If-Match, answering its new version. */
export function saveRecord<Name extends ResourceName>(resource: Name, id: string) {
  return (value: ResourceUpdate<Name>, write: WriteOptions) => updateVersioned(resource, id, value, write);
}

/** The answer of updateVersioned: the saved row and its new version. */
function newVersion(result: unknown): string | null | undefined {
  if (!result || typeof result !== 'object' || !('version' in result) || !('data' in result)) return undefined;
  const { version } = result as { version: unknown };
  return typeof version === 'string' ? version : null;
}

/** Server issues from a 400 body, if it carries them. */
export function serverIssues(error: unknown): { path: unknown; message: string }[] | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return null;
  const body = error.body as { issues?: unknown } | null;
  if (!body || !Array.isArray(body.issues)) return null;
  return (body.issues as { path?: unknown; message?: unknown }[])
    .filter((issue) => typeof issue.message === 'string')
    .map((issue) => ({ path: issue.path, message: issue.message as string }));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function useResourceForm<V extends Values, Out>(options: ResourceFormOptions<V, Out>): ResourceForm<V> {
  const [saved, setSaved] = useState(options.initial);
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  /** The version the next save is based on: the loaded one, then each save's answer. */
  const version = useRef(options.version ?? null);
  const loadedVersion = options.version ?? null;
  const seenVersion = useRef(loadedVersion);
  if (seenVersion.current !== loadedVersion) {
    // The page loaded the record again (after a reload): the next save builds on that.
    seenVersion.current = loadedVersion;
    version.current = loadedVersion;
  }

  const dirty = useMemo(() => !same(values, saved), [values, saved]);
  useUnsavedForm(dirty);

  const set = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name as string];
      return next;
    });
  }, []);

  const reset = useCallback((next: V) => {
    setSaved(next);
    setValues(next);
    setErrors({});
  }, []);

  const save = useCallback(
    (ifMatch: string | null) => {
      if (saving) return;
      const { schema, labels, submit, onSaved, onConflict } = optionsRef.current;
      const parsed = schema.safeParse(values);
      if (!parsed.success) {
        setErrors(issuesByField(parsed.error.issues, labels));
        return;
      }
      setErrors({});
      setConflict(false);
      setSaving(true);
      let answered412 = false;
      submit(parsed.data, { ifMatch })
        .then((result) => {
          const next = newVersion(result);
          if (next !== undefined) version.current = next;
          setSaved(values);
          onSaved?.(result, parsed.data);
        })
        .catch((error: unknown) => {
          if (isConflict(error)) {
            // Nothing was saved: the choice (reload or overwrite) is open at once.
            answered412 = true;
            setSaving(false);
            if (onConflict) onConflict(error);
            else setConflict(true);
            return;
          }
          const issues = serverIssues(error);
          if (issues?.length) setErrors(issuesByField(issues, labels));
          showError(error);
        })
        .finally(() => {
          if (!answered412) setTimeout(() => setSaving(false), BUTTON_REENABLE_MS);
        });
    },
    [saving, values],
  );

  const onSubmit = useCallback(
    (event?: { preventDefault: () => void }) => {
      event?.preventDefault();
      save(version.current);
    },
    [save],
  );
  const overwrite = useCallback(() => save(OVERWRITE), [save]);
  const dismissConflict = useCallback(() => setConflict(false), []);
  const reload = useCallback(() => {
    setConflict(false);
    setValues(saved);
    optionsRef.current.onReload?.();
  }, [saved]);

  return { values, set, errors, saving, dirty, onSubmit, reset, conflict, overwrite, reload, dismissConflict };
}
