/**
 * Manual order, for any list whose rows keep a place the person chooses (a study's assets): Move up
 * and Move down among a row's actions, named after the row, off at the ends of the whole list and
 * while a move is being saved. Positions count over the whole list (page and page size included),
 * from 0; the list reloads after a move, so it shows the order the server now holds.
 */
import { useState, type ReactNode } from 'react';
import { showError } from '../../stores/alerts.ts';
import { Button } from '../shared/Button.tsx';
import type { Identified, ListModel } from './usePagedList.ts';

export interface RowOrder<T> {
  /** Saves `row` at `position` of the whole list (0 is the first place). */
  move: (row: T, position: number) => Promise<unknown>;
}

/** The move buttons of a row, or null for a list without manual order. */
export function useRowOrder<T extends Identified>(
  list: ListModel<T>,
  order: RowOrder<T> | undefined,
  rowLabel: (row: T) => string,
): ((row: T) => ReactNode) | null {
  const [busy, setBusy] = useState(false);
  if (!order) return null;
  const offset = (list.state.page - 1) * list.state.size;
  return (row) => {
    const position = offset + list.rows.findIndex((shown) => shown.id === row.id);
    const moveTo = (target: number) => {
      setBusy(true);
      order
        .move(row, target)
        .then(list.reload, (error: unknown) => showError(error))
        .finally(() => setBusy(false));
    };
    return (
      <>
        <Button
          variant="ghost"
          aria-label={`Move ${rowLabel(row)} up`}
          disabled={busy || position <= 0}
          onClick={() => moveTo(position - 1)}
        >
          ↑
        </Button>
        <Button
          variant="ghost"
          aria-label={`Move ${rowLabel(row)} down`}
          disabled={busy || position >= list.count - 1}
          onClick={() => moveTo(position + 1)}
        >
          ↓
        </Button>
      </>
    );
  };
}
