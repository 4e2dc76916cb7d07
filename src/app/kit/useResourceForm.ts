/**
 * The kit's form state. Every form built on it:
 * - checks with the resource's own zod schema (the rules the server applies), before sending, and
 *   words each mistake for a person (formMessages.ts: 'Name is required', 'Cells must be at most 12');
 * - puts a server 4xx's (400, or 409 for a clash) `issues: [{path, message}]` on their fields (with
 *   the summary above them, and no toast: a person reads each message once), and any failure that
 *   belongs to no field in an error alert (spec §8);
 * - is an unsaved form while its values differ from what was loaded, so an account switch asks
 *   first (spec §4; the rule lives here so a new form cannot forget it);
 * - disables Save while saving and re-enables it 1 s after (spec §9).
 *
 * No silent lost updates: the API client sends the version of the record it
 * read (useRecord) with every write of it and asks the one conflict dialog on a 412 (lib/api.ts,
 * ConflictHost), so a form has nothing to pass along. It only says how to show the stored record
 * again: `onReload`, given to `submit` as `write.onReload` (`saveRecord` passes it on), which the
 * dialog's Reload calls after dropping these changes.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiError, isConflict, update, type WriteOptions } from '../../lib/api.ts';
import type { ResourceName, ResourceUpdate } from '../../shared/schemas/index.ts';
import { showError } from '../../stores/alerts.ts';
import { BUTTON_REENABLE_MS } from '../../shared/constants.ts';
import { useUnsavedForm } from '../shared/useUnsavedForm.ts';
import { checkForm, issuesByField, type FieldOf } from './formMessages.ts';

export type Values = Record<string, unknown>;

/** A schema, or a loader for one (a page that keeps zod out of its first load imports it on Save). */
export type FormSchema<Out> = z.ZodType<Out> | (() => Promise<z.ZodType<Out>>);

export interface ResourceFormOptions<V extends Values, Out> {
  schema: FormSchema<Out>;
  initial: V;
  /**
   * The body the values stand for, checked by the schema and sent (a list typed as text split into
   * addresses, fields a choice hides left out); the values themselves when not given.
   */
  body?: (values: V) => unknown;
  /** The field an issue's path belongs to, when a form's fields are not its body's keys (a list's rows: '0.name'). */
  fieldOf?: FieldOf;
  /** After the schema or the server refused fields (a long form brings the first into view). */
  onRefused?: (errors: Readonly<Record<string, string>>) => void;
  /** Field labels, for messages ('Name is required'). */
  labels: Readonly<Record<string, string>>;
  /** Sends the values; `write.onReload` is for the client's conflict dialog (pass it to update). */
  submit: (value: Out, write: WriteOptions) => Promise<unknown>;
  /** After a save: the server's answer and the values that were sent. */
  onSaved?: (result: unknown, value: Out) => void;
  /** Loads the stored record again (Reload in the conflict dialog). */
  onReload?: () => void;
  /**
   * A send that failed: the error alert's words when the server gave none (spec §8: 'Incorrect
   * current password'), and what the form does after (the password form puts focus back).
   */
  failure?: { fallback?: string; after?: (error: unknown) => void };
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
  /** A field's own check as it changes (a chosen file): its message, or '' to clear it. */
  setError: (name: string, message: string) => void;
}

/** A `submit` that saves a stored record with PUT (the client adds its version as If-Match). */
export function saveRecord<Name extends ResourceName>(resource: Name, id: string) {
  return (value: ResourceUpdate<Name>, write: WriteOptions) => update(resource, id, value, write);
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

const loadSchema = <Out>(schema: FormSchema<Out>) =>
  typeof schema === 'function' ? schema() : Promise.resolve(schema);

export function useResourceForm<V extends Values, Out>(options: ResourceFormOptions<V, Out>): ResourceForm<V> {
  const [saved, setSaved] = useState(options.initial);
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const optionsRef = useRef(options);
  optionsRef.current = options;

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

  const setError = useCallback((name: string, message: string) => {
    setErrors((current) => {
      const { [name]: _, ...rest } = current;
      return message ? { ...rest, [name]: message } : rest;
    });
  }, []);

  const onSubmit = useCallback(
    (event?: { preventDefault: () => void }) => {
      event?.preventDefault();
      if (saving) return;
      const {
        schema,
        body = (v: V) => v,
        labels,
        fieldOf,
        submit,
        onSaved,
        onReload,
        onRefused,
        failure,
      } = optionsRef.current;
      const refuse = (found: Record<string, string>) => {
        setErrors(found);
        onRefused?.(found);
      };
      setSaving(true);
      const reload = onReload
        ? () => {
            // Their version replaces these changes: the form is no longer unsaved.
            setValues(saved);
            onReload();
          }
        : undefined;
      const sent = (value: Out) =>
        submit(value, { onReload: reload })
          .then((result) => {
            setSaved(values);
            onSaved?.(result, value);
          })
          .catch((error: unknown) => {
            // The conflict dialog answered a 412 already (reload or cancel); the values stay.
            if (isConflict(error) && error.choice) return;
            const found = issuesByField(serverIssues(error) ?? [], labels, fieldOf);
            const refused = Object.keys(found);
            if (refused.length) refuse(found);
            // Refused fields say so under themselves and in the summary, so a toast would say it
            // twice; it is for what belongs to no field of the form (a lost connection, a 403).
            if (!refused.length || refused.some((field) => !(field in labels))) showError(error, failure?.fallback);
            failure?.after?.(error);
          })
          .finally(() => setTimeout(() => setSaving(false), BUTTON_REENABLE_MS));
      loadSchema(schema).then(
        (loaded) => {
          const checked = checkForm(loaded, body(values), labels, fieldOf);
          if (checked.ok) {
            setErrors({});
            return sent(checked.value);
          }
          // Nothing was sent: Save is ready again at once.
          setSaving(false);
          refuse(checked.errors);
        },
        (error: unknown) => {
          setSaving(false);
          showError(error);
        },
      );
    },
    [saving, values, saved],
  );

  return { values, set, errors, saving, dirty, onSubmit, reset, setError };
}
