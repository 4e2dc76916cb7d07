/**
 * Areas of interest on a draft's creative: drawn with the pointer (press, drag, release), or added
 * with a button and placed with the fields (x, y, width, height in % of the creative), named, and
 * saved together. An area outside the creative is refused on its field, here and by the service.
 */
import { useRef, useState, type PointerEvent } from 'react';
import type { Area, Stim } from '../../../shared/schemas/spotlight-asset.ts';
import { stimEdit } from '../../../shared/schemas/spotlight.ts';
import { showAlert } from '../../../stores/alerts.ts';
import { ErrorSummary } from '../../kit/ErrorSummary.tsx';
import { NumberInput, TextInput } from '../../kit/fields.tsx';
import { useResourceForm } from '../../kit/useResourceForm.ts';
import { Button } from '../../shared/Button.tsx';
import { AreaEditorLayout, DRAW_HINT_ID } from './AreaEditorLayout.tsx';
import { editStim } from './data.ts';

type Box = Area['box'];
type Field = 'name' | keyof Box;
const SIDES: { key: keyof Box; label: string }[] = [
  { key: 'x', label: 'X (%)' },
  { key: 'y', label: 'Y (%)' },
  { key: 'w', label: 'Width (%)' },
  { key: 'h', label: 'Height (%)' },
];
/** How a message names each field of an area ('Width must be more than 0'). */
const FIELD_WORDS: Readonly<Record<Field, string>> = { name: 'Name', x: 'X', y: 'Y', w: 'Width', h: 'Height' };
/** Drags shorter than this (a fraction of the creative) are clicks, not areas. */
const SMALLEST = 0.02;

const pct = (fraction: number) => Math.round(fraction * 1000) / 10;
const fraction = (percent: number) => Math.round(percent * 100) / 10000;
const clamp = (value: number) => Math.min(1, Math.max(0, value));

/**
 * The areas as the service checks them (spotlight-asset.ts: a name, a box inside the creative),
 * and one rule of the page's own: two areas are not named alike.
 */
const areasForm = stimEdit
  .pick({ areas: true })
  .required()
  .superRefine(({ areas }, context) =>
    areas.forEach((area, i) => {
      const name = area.name.trim().toLowerCase();
      if (areas.findIndex((other) => other.name.trim().toLowerCase() === name) !== i)
        context.addIssue({ code: 'custom', path: ['areas', i, 'name'], message: 'Another area has this name' });
    }),
  );

/** Each area's field, as the form keys it: 'areas.1.box.w' → '1.w'; 'areas.0.name' → '0.name'. */
function areaField(path: unknown): string {
  const parts = (Array.isArray(path) ? path.map(String) : String(path).split('.')).filter((p) => p !== 'box');
  return parts[0] === 'areas' && parts.length >= 3 ? `${parts[1]}.${parts[2]}` : (parts[0] ?? '');
}

/** More areas than a creative may have (the service allows 20): the list itself is refused first. */
const LABELLED_AREAS = 100;

/** The labels of every area's fields, for the messages ('1.w' → 'Width'). */
const LABELS: Readonly<Record<string, string>> = {
  areas: 'Areas',
  ...Object.fromEntries(
    Array.from({ length: LABELLED_AREAS }, (_, i) =>
      Object.entries(FIELD_WORDS).map(([field, word]): [string, string] => [`${i}.${field}`, word]),
    ).flat(),
  ),
};

export function AreaEditor({ stim, onSaved }: { stim: Stim; onSaved: () => void }) {
  const form = useResourceForm({
    schema: areasForm,
    initial: { areas: stim.areas ?? [] },
    labels: LABELS,
    fieldOf: areaField,
    submit: (value) => editStim(stim.id, value),
    onSaved: () => {
      showAlert('success', 'Areas of interest saved');
      onSaved();
    },
  });
  const { areas } = form.values;
  const { errors } = form;
  const [selected, setSelected] = useState<number | null>(areas.length ? 0 : null);
  const [draft, setDraft] = useState<Box | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const surface = useRef<HTMLDivElement>(null);
  /** Every message goes: the areas are numbered anew after one is removed. */
  const clearErrors = () => Object.keys(errors).forEach((key) => form.setError(key, ''));

  const point = (event: PointerEvent) => {
    const rect = surface.current!.getBoundingClientRect();
    return { x: clamp((event.clientX - rect.left) / rect.width), y: clamp((event.clientY - rect.top) / rect.height) };
  };
  const boxFrom = (a: { x: number; y: number }, b: { x: number; y: number }): Box => ({
    x: fraction(pct(Math.min(a.x, b.x))),
    y: fraction(pct(Math.min(a.y, b.y))),
    w: fraction(pct(Math.abs(a.x - b.x))),
    h: fraction(pct(Math.abs(a.y - b.y))),
  });
  const add = (box: Box) => {
    const next = [...areas, { name: `Area ${areas.length + 1}`, box }];
    form.set('areas', next);
    setSelected(next.length - 1);
  };
  const change = (index: number, field: Field, value: string | number | null) => {
    form.set(
      'areas',
      areas.map((area, i) =>
        i !== index
          ? area
          : field === 'name'
            ? { ...area, name: String(value ?? '') }
            : { ...area, box: { ...area.box, [field]: fraction(Number(value ?? 0)) } },
      ),
    );
    form.setError(`${index}.${field}`, '');
  };

  const area = selected !== null ? areas[selected] : undefined;
  return (
    <AreaEditorLayout
      stim={stim}
      surface={
        <div
          ref={surface}
          role="application"
          aria-label="Draw an area of interest"
          aria-describedby={DRAW_HINT_ID}
          className="absolute inset-0 cursor-crosshair touch-none"
          onPointerDown={(event) => {
            event.currentTarget.setPointerCapture(event.pointerId);
            start.current = point(event);
            setDraft(null);
          }}
          onPointerMove={(event) => start.current && setDraft(boxFrom(start.current, point(event)))}
          onPointerUp={(event) => {
            const from = start.current;
            start.current = null;
            setDraft(null);
            if (!from) return;
            const box = boxFrom(from, point(event));
            if (box.w >= SMALLEST && box.h >= SMALLEST) add(box);
          }}
        >
          {[
            ...areas.map((a, i) => ({ box: a.box, label: a.name, i })),
            ...(draft ? [{ box: draft, label: '', i: -1 }] : []),
          ].map(({ box, label, i }) => (
            <div
              key={i}
              className={`pointer-events-none absolute border-2 ${i === selected ? 'border-amber-400' : 'border-cyan-300'} ${i === -1 ? 'border-dashed' : ''}`}
              style={{
                left: `${box.x * 100}%`,
                top: `${box.y * 100}%`,
                width: `${box.w * 100}%`,
                height: `${box.h * 100}%`,
                boxShadow: '0 0 0 1px rgba(15,23,42,.6)',
              }}
            >
              {label ? (
                <span className="absolute top-0 left-0 max-w-full truncate bg-slate-900/80 px-1 text-[11px] text-white">
                  {label}
                </span>
              ) : null}
            </div>
          ))}
        </div>
      }
      side={
        <>
          <ErrorSummary errors={errors} />
          <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Areas of interest">
            {areas.map((a, i) => (
              <Button
                key={i}
                variant={i === selected ? 'primary' : 'secondary'}
                onClick={() => setSelected(i)}
                aria-pressed={i === selected}
              >
                {a.name || `Area ${i + 1}`}
              </Button>
            ))}
            <Button variant="ghost" onClick={() => add({ x: 0.1, y: 0.1, w: 0.3, h: 0.2 })}>
              + Add area
            </Button>
          </div>
          {errors.areas ? <p className="text-sm text-red-700">{errors.areas}</p> : null}
          {area && selected !== null ? (
            <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
              <legend className="px-1 text-sm font-semibold text-slate-900">{area.name || 'Area'}</legend>
              <TextInput
                label="Area name"
                value={area.name}
                onChange={(v) => change(selected, 'name', v)}
                error={errors[`${selected}.name`]}
                isRequired
              />
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {SIDES.map(({ key, label }) => (
                  <NumberInput
                    key={key}
                    label={label}
                    value={pct(area.box[key])}
                    onChange={(v) => change(selected, key, v)}
                    error={errors[`${selected}.${key}`]}
                  />
                ))}
              </div>
              <Button
                variant="ghost"
                onClick={() => {
                  form.set(
                    'areas',
                    areas.filter((_, i) => i !== selected),
                  );
                  setSelected(null);
                  clearErrors();
                }}
              >
                Remove area
              </Button>
            </fieldset>
          ) : (
            <p className="text-sm text-slate-600">No area selected.</p>
          )}
          <div className="flex justify-end">
            <Button onClick={() => form.onSubmit()} disabled={form.saving}>
              {form.saving ? 'Saving…' : 'Save areas'}
            </Button>
          </div>
        </>
      }
    />
  );
}
