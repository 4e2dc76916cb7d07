// @vitest-environment happy-dom
/**
 * useResourceForm's answer to a refusal: a message a person reads once. A field the server refused
 * shows under the field (and in the summary), with no toast saying it again; a refusal that belongs
 * to no field of the form is a toast. And the two things forms needed to join the one mechanism:
 * a schema loaded on Save, and a body made from the values before they are checked.
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useResourceForm } from '../../../../src/app/kit/useResourceForm.ts';
import { ApiError } from '../../../../src/lib/api-error.ts';
import { $alerts } from '../../../../src/stores/alerts.ts';

afterEach(() => {
  cleanup();
  $alerts.set([]);
});

const schema = z.object({ name: z.string().trim().min(1) });
const LABELS = { name: 'Name' };

/** Presses Save and lets the form's promises (schema, save, refusal) settle. */
const send = (form: { onSubmit: () => void }) =>
  act(async () => {
    form.onSubmit();
    await new Promise((settled) => setTimeout(settled, 0));
  });

/** A form whose save fails with `error`, sent once; answers the form after the refusal. */
async function refusedWith(error: ApiError) {
  const { result } = renderHook(() =>
    useResourceForm({ schema, initial: { name: 'Brand' }, labels: LABELS, submit: () => Promise.reject(error) }),
  );
  await send(result.current);
  return result;
}

const clash = (path: string) =>
  new ApiError(409, {
    message: `${path}: A label category with this name already exists in this account`,
    issues: [{ path, message: 'A label category with this name already exists in this account' }],
  });

describe('useResourceForm refused by the server', () => {
  it('puts a refused field’s message on the field only, with no toast beside it', async () => {
    const form = await refusedWith(clash('name'));
    expect(form.current.errors).toEqual({ name: 'A label category with this name already exists in this account' });
    expect($alerts.get()).toEqual([]);
  });

  it('keeps a toast for a refusal that belongs to no field', async () => {
    const form = await refusedWith(new ApiError(403, { message: 'You may not change this account' }));
    expect(form.current.errors).toEqual({});
    expect($alerts.get().map((alert) => alert.type)).toEqual(['error']);
  });

  it('keeps a toast when an issue is about a field the form does not show', async () => {
    await refusedWith(clash('account'));
    expect($alerts.get().map((alert) => alert.type)).toEqual(['error']);
  });
});

describe('useResourceForm for a form with more to it', () => {
  it('loads its schema on Save and checks the body the values stand for, naming the refused fields', async () => {
    const submit = vi.fn((_body: unknown) => Promise.resolve({}));
    const refused = vi.fn();
    const { result } = renderHook(() =>
      useResourceForm({
        schema: () => Promise.resolve(z.object({ recipients: z.array(z.string()).min(1) })),
        initial: { recipients: ' , ' },
        labels: { recipients: 'Recipients' },
        body: (values: { recipients: string }) => ({ recipients: values.recipients.split(/[\s,]+/).filter(Boolean) }),
        onRefused: refused,
        submit,
      }),
    );
    await send(result.current);
    expect(refused).toHaveBeenCalled();
    expect(result.current.errors).toEqual({ recipients: 'Choose one or more recipients' });
    expect(submit).not.toHaveBeenCalled();
    expect(result.current.saving).toBe(false);

    act(() => result.current.set('recipients', 'ana@northwind.test'));
    await send(result.current);
    expect(submit.mock.calls[0]![0]).toEqual({ recipients: ['ana@northwind.test'] });
  });
});
