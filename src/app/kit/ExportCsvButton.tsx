import { useState } from 'react';
import { showError } from '../../stores/alerts.ts';
import { PressButton as Button } from '../shared/PressButton.tsx';
import { saveTextFile } from '../shared/saveTextFile.ts';
import { exportCsv } from './csvExport.ts';
import type { Column } from './DataTable.tsx';
import { filterQuery } from './listState.ts';
import type { Identified, ResourceList } from './useResourceList.ts';

/** Downloads the whole filtered list (not just the page on screen) as CSV. */
export function ExportCsvButton<T extends Identified>({
  list,
  columns,
  fileName,
}: {
  list: ResourceList<T>;
  columns: readonly Column<T>[];
  fileName: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      isDisabled={busy || list.count === 0}
      onPress={() => {
        setBusy(true);
        exportCsv(list.spec.resource, filterQuery(list.spec.resource, list.state, list.base), columns)
          .then((text) => saveTextFile(`${fileName}.csv`, text))
          .catch((error: unknown) => showError(error))
          .finally(() => setBusy(false));
      }}
    >
      {busy ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}
