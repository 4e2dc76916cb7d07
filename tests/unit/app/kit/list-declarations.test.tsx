// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateColumn, linkColumn, metricColumn, statusColumn } from '../../../../src/app/kit/columns.tsx';
import type { Column } from '../../../../src/app/kit/DataTable.tsx';
import { ListHeader, NewLink } from '../../../../src/app/kit/ListHeader.tsx';
import { choiceFilter } from '../../../../src/app/kit/listFilter.ts';
import { emptyWhen } from '../../../../src/app/kit/ListView.tsx';
import { RowButton } from '../../../../src/app/kit/RowButton.tsx';
import { resourceListSpec } from '../../../../src/app/kit/useResourceList.ts';
import { moneyColumn } from '../../../../src/app/kit/contracts.tsx';
import { formatDate, formatDateTime } from '../../../../src/shared/date-format.ts';
import { formatMetric } from '../../../../src/shared/metrics.ts';
import { resources } from '../../../../src/shared/schemas/index.ts';

afterEach(cleanup);

interface Row {
  id: string;
  name: string;
  status: 'live' | 'paused';
  created_at: string;
  apm: number | null;
  amount: number;
  remaining?: number | null;
  currency: string;
}

const row: Row = {
  id: 'r1',
  name: 'Q3 launch',
  status: 'paused',
  created_at: '2026-10-05T14:30:00.000Z',
  apm: 1234.5,
  amount: 25000,
  currency: 'GBP',
};

/** One column's cell for the row, drawn as a table would. */
function drawCell<T>(column: Column<T>, value: T) {
  return render(
    <table>
      <tbody>
        <tr>
          <td>{column.cell(value)}</td>
        </tr>
      </tbody>
    </table>,
  );
}

describe('column builders', () => {
  it('linkColumn names the row with a link to its page, sorts by name and exports the words', () => {
    const column = linkColumn<Row>({ text: (r) => r.name, href: (r) => `/things/${r.id}` });
    expect(column).toMatchObject({ id: 'name', header: 'Name', sortField: 'name' });
    expect(column.csv?.(row)).toBe('Q3 launch');
    drawCell(column, row);
    expect(screen.getByRole('link', { name: 'Q3 launch' }).getAttribute('href')).toBe('/things/r1');
  });

  it('linkColumn draws a detail line under the link, and none where the row has no detail', () => {
    const column = linkColumn<Row>({
      header: 'Study',
      text: (r) => r.name,
      href: (r) => `/things/${r.id}`,
      detail: (r) => (r.status === 'paused' ? 'Paused for now' : null),
    });
    expect(column.header).toBe('Study');
    drawCell(column, row);
    expect(screen.getByText('Paused for now').tagName).toBe('P');
    cleanup();
    const { container } = drawCell(column, { ...row, status: 'live' });
    expect(container.querySelector('p')).toBeNull();
  });

  it('statusColumn draws the badge it is given, or the word capitalised, and exports the stored word', () => {
    const badged = statusColumn<Row>(({ status }) => <mark>{status}!</mark>);
    expect(badged).toMatchObject({ id: 'status', header: 'Status', sortField: 'status' });
    expect(badged.csv?.(row)).toBe('paused');
    drawCell(badged, row);
    expect(screen.getByText('paused!').tagName).toBe('MARK');
    const plain = statusColumn<Row>(undefined, { wide: true });
    expect(plain.wide).toBe(true);
    expect(plain.cell(row)).toBe('Paused');
  });

  it('dateColumn shows the date (or date and time) as people read it and exports the ISO value', () => {
    const day = dateColumn<'created_at', Row>('created_at', 'Created', { firstDirection: 'desc' });
    expect(day).toMatchObject({ header: 'Created', sortField: 'created_at', nowrap: true, firstDirection: 'desc' });
    expect(day.cell(row)).toBe(formatDate(row.created_at));
    expect(day.csv?.(row)).toBe(row.created_at);
    const time = dateColumn<'created_at', Row>('created_at', 'Started', { time: true });
    expect(time.cell(row)).toBe(formatDateTime(row.created_at));
    expect(time).not.toHaveProperty('time');
  });

  it('metricColumn writes the figure as the metric is written everywhere, right-aligned, largest first', () => {
    const column = metricColumn<'apm', Row>('apm', 'APM', 'apm');
    expect(column).toMatchObject({ sortField: 'apm', align: 'right', firstDirection: 'desc' });
    expect(column.cell(row)).toBe(formatMetric('apm', 1234.5));
    expect(column.cell({ ...row, apm: null })).toBe('—');
    expect(column.csv?.(row)).toBe(1234.5);
  });

  it("moneyColumn shows the amount in the row's currency and exports the number (empty when there is none)", () => {
    const amount = moneyColumn<'amount', Row>('amount', 'Amount');
    expect(amount).toMatchObject({ sortField: 'amount', align: 'right' });
    expect(amount.firstDirection).toBeUndefined();
    expect(amount.cell(row)).toBe('£25,000');
    expect(amount.csv?.(row)).toBe(25000);
    const remaining = moneyColumn<'remaining', Row>('remaining', 'Remaining', { sortField: undefined });
    expect(remaining.sortField).toBeUndefined();
    expect(remaining.cell(row)).toBe('—');
    expect(remaining.csv?.(row)).toBeNull();
  });
});

describe('list declaration parts', () => {
  it("resourceListSpec takes the registry's sort fields, so a page cannot offer one the server refuses", () => {
    const spec = resourceListSpec(
      'activation',
      'activations',
      { id: 'created_at', direction: 'desc' },
      {
        filters: ['status'],
      },
    );
    expect(spec.sortFields).toEqual(resources.activation.sortFields);
    expect(spec).toMatchObject({ resource: 'activation', noun: 'activations', filters: ['status'] });
  });

  it("emptyWhen says what to change when a search narrowed the list, and the page's words otherwise", () => {
    const empty = emptyWhen('studies', { title: 'No studies yet', body: 'Studies appear here.' });
    expect(empty(true)).toEqual({ title: 'No studies match', body: 'Change the search to see more.' });
    expect(empty(false)).toEqual({ title: 'No studies yet', body: 'Studies appear here.' });
    expect(emptyWhen('lists', { title: 'None' }, 'the search or the type')(true).body).toBe(
      'Change the search or the type to see more.',
    );
  });

  it('choiceFilter offers the stored words capitalised under an all choice', () => {
    const filter = choiceFilter('status', 'Status', 'All statuses', ['live', 'paused']);
    expect(filter).toMatchObject({ name: 'status', label: 'Status', kind: 'choice', allLabel: 'All statuses' });
    expect(filter.kind === 'choice' ? filter.options.map((option) => option.name) : []).toEqual(['Live', 'Paused']);
  });

  it("RowButton shows the action and is named with the row's name for screen readers", () => {
    const onPress = vi.fn();
    render(<RowButton action="Rename" name="Q3 launch" onPress={onPress} />);
    const button = screen.getByRole('button', { name: 'Rename Q3 launch' });
    expect(button.textContent).toBe('Rename');
    fireEvent.click(button);
    expect(onPress).toHaveBeenCalledOnce();
  });

  it('ListHeader shows the title and what the list holds; NewLink only to whoever may create', () => {
    const { rerender } = render(
      <ListHeader title="Activations" about="Deals on buying platforms.">
        <NewLink href="/activations/create" show>
          New activation
        </NewLink>
      </ListHeader>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Activations' })).toBeTruthy();
    expect(screen.getByText('Deals on buying platforms.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New activation' }).getAttribute('href')).toBe('/activations/create');
    rerender(
      <ListHeader title="Activations">
        <NewLink href="/activations/create" show={false}>
          New activation
        </NewLink>
      </ListHeader>,
    );
    expect(screen.queryByRole('link', { name: 'New activation' })).toBeNull();
  });
});
