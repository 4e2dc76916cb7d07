/**
 * Bulk delete (spec §7: one by one): asks first, then deletes each selected row in turn with a
 * progress bar, and lists the result of every row, so a refusal names its own row.
 */
import { useId, useState } from 'react';
import { ApiError, removeListed } from '../../lib/api.ts';
import { showSuccess } from '../../stores/alerts.ts';
import { Button } from '../shared/Button.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import type { Identified, ResourceList } from './useResourceList.ts';

interface Outcome {
  id: string;
  label: string;
  error: string | null;
}

export function BulkDeleteButton<T extends Identified>({
  list,
  selectedIds,
  rowLabel,
  consequence,
  onDone,
}: {
  list: ResourceList<T>;
  selectedIds: readonly string[];
  rowLabel: (row: T) => string;
  /** What deleting one of these rows does beyond removing it (said before confirming). */
  consequence?: string;
  onDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const selected = list.rows.filter((row) => selectedIds.includes(row.id));
  // The rows the dialog asked about, kept while it is open: the list reloads as they are deleted,
  // and read from it, the count said "2 of 0" and the title "Delete 0 labels?" once they were gone.
  const [asked, setAsked] = useState<T[] | null>(null);
  const rows = asked ?? selected;
  const total = rows.length;

  async function run() {
    setRunning(true);
    const done: Outcome[] = [];
    setOutcomes([]);
    for (const row of rows) {
      try {
        // Each row only as the list showed it: one changed since asks the conflict dialog first.
        await removeListed(list.spec.resource, row, { onReload: list.reload });
        done.push({ id: row.id, label: rowLabel(row), error: null });
      } catch (error) {
        done.push({
          id: row.id,
          label: rowLabel(row),
          error: error instanceof ApiError ? error.message : String(error),
        });
      }
      setOutcomes([...done]);
    }
    setRunning(false);
    const deleted = done.filter((o) => !o.error).length;
    if (deleted) showSuccess(`${deleted} of ${total} deleted`);
    list.reload();
  }

  const finished = outcomes !== null && !running;
  /** Closed, before the run or after it: the rows asked about go with the dialog. */
  function close() {
    setOpen(false);
    setAsked(null);
    if (finished) {
      setOutcomes(null);
      onDone();
    }
  }
  return (
    <>
      <Button
        variant="danger"
        disabled={selected.length === 0}
        onClick={() => {
          setAsked(selected);
          setOpen(true);
        }}
      >
        Delete selected{selected.length ? ` (${selected.length})` : ''}
      </Button>
      <ConfirmDialog
        isOpen={open}
        title={`Delete ${total} ${list.spec.noun}?`}
        confirmLabel={finished ? 'Close' : 'Delete'}
        busy={running}
        onCancel={close}
        onConfirm={() => (finished ? close() : void run())}
      >
        {outcomes === null ? (
          <>
            <p>These are deleted one by one; a row the server refuses stays, with its reason.</p>
            {consequence ? <p>{consequence}</p> : null}
            <ul className="max-h-40 list-disc overflow-auto pl-5">
              {rows.map((row) => (
                <li key={row.id}>{rowLabel(row)}</li>
              ))}
            </ul>
          </>
        ) : (
          <>
            <Progress done={outcomes.length} total={total} />
            <ul aria-label="Results" className="max-h-48 space-y-1 overflow-auto" data-testid="bulk-results">
              {outcomes.map((o) => (
                <li key={o.id} className={o.error ? 'text-red-700' : 'text-green-800'}>
                  {o.label}: {o.error ?? 'deleted'}
                </li>
              ))}
            </ul>
          </>
        )}
      </ConfirmDialog>
    </>
  );
}

/** How far the deletion is, as a progress bar named "Deleting" that says "2 of 5". */
function Progress({ done, total }: { done: number; total: number }) {
  const label = useId();
  const percentage = total ? Math.round((done / total) * 100) : 0;
  return (
    <div
      role="progressbar"
      aria-labelledby={label}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
      aria-valuetext={`${done} of ${total}`}
      className="w-full"
    >
      <div className="flex justify-between text-xs text-slate-600">
        <span id={label}>Deleting</span>
        <span aria-hidden="true">{percentage}%</span>
      </div>
      <div className="mt-1 h-2 rounded-full bg-slate-200">
        <div className="h-2 rounded-full bg-primary-strong" style={{ width: `${percentage}%` }} />
      </div>
    </div>
  );
}
