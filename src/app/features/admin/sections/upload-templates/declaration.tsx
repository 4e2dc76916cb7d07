/** Upload Templates (super): how an uploaded file's columns map onto metric fields. */
import { declare } from '../../declaration.ts';

export default declare({
  resource: 'upload-template',
  noun: 'upload templates',
  intro: () =>
    'How the columns of an uploaded file map onto LAMP’s fields. Templates without an account serve every account.',
  columns: ({ field, reference }) => [
    field('name', 'Name', { sortable: true }),
    field('file_type', 'File type', { cell: (t) => t.file_type.toUpperCase() }),
    { id: 'columns', header: 'Columns', align: 'right', csv: (t) => t.columns.length, cell: (t) => t.columns.length },
    reference('account', 'Account', 'account', { wide: true, none: 'Every account' }),
  ],
  fields: [
    { name: 'name', label: 'Name' },
    { name: 'file_type', label: 'File type', labels: { csv: 'CSV', xlsx: 'Excel (xlsx)' } },
    { name: 'columns', label: 'Columns', labels: { source: 'File column', target: 'LAMP field' } },
    { name: 'account', label: 'Account', hint: 'Leave empty for a template every account uses.' },
  ],
  deleteConsequence:
    'A template that import jobs or import job configs use cannot be deleted: pick another for them first.',
});
