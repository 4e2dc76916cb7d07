import { useState } from 'react';
import { showError } from '../../stores/alerts.ts';
import { Button } from '../shared/Button.tsx';
import { saveTextFile } from '../shared/saveTextFile.ts';
import { listCsv } from './csvExport.ts';
import type { Column } from './DataTable.tsx';
import type { Identified, ListModel } from './usePagedList.ts';

/** Downloads the whole filtered list (not just the page on screen) as CSV. */
export function ExportCsvButton<T extends Identified>({
  list,
  columns,
  fileName,
}: {
  list: ListModel<T>;
  columns: readonly Column<T>[];
  fileName: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      disabled={busy || list.count === 0}
      onClick={() => {
        setBusy(true);
        list
          .allRows()
          .then((rows) => saveTextFile(`${fileName}.csv`, listCsv(rows, columns)))
          .catch((error: unknown) => showError(error))
          .finally(() => setBusy(false));
      }}
    >
      {busy ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}
