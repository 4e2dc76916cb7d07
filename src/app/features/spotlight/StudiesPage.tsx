/**
 * /spotlight/studies: the company's studies (briefs) on the kit's list, paged, ordered and
 * searched by the service's own list call (listSources.ts). A study's name opens the study's own
 * page (where assets are added and fielding starts); its asset count opens its asset list.
 */
import { useStore } from '@nanostores/react';
import { Link } from 'wouter';
import type { Brief } from '../../../shared/schemas/spotlight.ts';
import { canSpotlight } from '../../../shared/spotlight-rules.ts';
import { $spotlightRole } from '../../../stores/spotlight.ts';
import type { Column } from '../../kit/DataTable.tsx';
import { linkColumn, statusColumn } from '../../kit/columns.tsx';
import { NewLink } from '../../kit/ListHeader.tsx';
import { emptyWhen, ListView } from '../../kit/ListView.tsx';
import { usePagedList } from '../../kit/usePagedList.ts';
import { paths } from '../../routes/index.ts';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { formatDay, sampleText } from './format.ts';
import { studyListSpec, studySource } from './listSources.ts';
import { spotlightPage } from './SpotlightGate.tsx';
import { contextLabel, StatusBadge } from './ui.tsx';

const COLUMNS: readonly Column<Brief>[] = [
  linkColumn({
    header: 'Study',
    text: (study) => study.name,
    href: (study) => paths.spotlightStudy(study.id),
    look: 'strong',
    rowHeader: true,
    width: 'max-w-[24rem]',
    detail: (study) => (study.objective ? <span className="line-clamp-1">{study.objective}</span> : null),
  }),
  statusColumn(StatusBadge),
  {
    id: 'context',
    header: 'Context',
    sortField: 'context',
    csv: (s) => contextLabel(s.context),
    cell: (s) => contextLabel(s.context),
  },
  {
    id: 'sample',
    header: 'Sample',
    sortField: 'sample_size',
    firstDirection: 'desc',
    align: 'right',
    nowrap: true,
    csv: (s) => s.sample_size,
    cell: (s) => (
      <>
        {s.sample_size} × {s.cells}
        <span className="sr-only"> cells</span>
      </>
    ),
  },
  { id: 'cells', header: 'Cells', csvOnly: true, csv: (s) => s.cells, cell: (s) => s.cells },
  {
    id: 'assets',
    header: 'Assets',
    align: 'right',
    csv: (s) => s.asset_count ?? 0,
    cell: (s) => <AssetsLink study={s} />,
  },
  {
    id: 'fieldwork',
    header: 'Fieldwork',
    sortField: 'start_date',
    firstDirection: 'desc',
    nowrap: true,
    cell: (s) => `${formatDay(s.start_date)} – ${formatDay(s.end_date)}`,
  },
  { id: 'start', header: 'Start date', csvOnly: true, csv: (s) => s.start_date, cell: (s) => s.start_date },
  { id: 'end', header: 'End date', csvOnly: true, csv: (s) => s.end_date, cell: (s) => s.end_date },
];

/** A study's asset count, as a link to its asset list: '4 assets' to a screen reader. */
function AssetsLink({ study }: { study: Brief }) {
  const count = study.asset_count ?? 0;
  return (
    <Link href={`${paths.spotlightAssets()}?study=${study.id}`}>
      {count}
      <span className="sr-only"> {count === 1 ? 'asset' : 'assets'}</span>
    </Link>
  );
}

/** A study on a phone: its name, status, context, sample, assets and fieldwork in a card. */
function StudyCard({ study }: { study: Brief }) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <Link href={paths.spotlightStudy(study.id)} className="font-medium text-slate-900 no-underline">
          {study.name}
        </Link>
        <StatusBadge status={study.status} />
      </div>
      <p className="mt-1 text-xs text-slate-600">
        {contextLabel(study.context)} · {sampleText(study)} ·{' '}
        <Link href={`${paths.spotlightAssets()}?study=${study.id}`}>{study.asset_count ?? 0} assets</Link>
      </p>
      <p className="text-xs text-slate-600">
        {formatDay(study.start_date)} – {formatDay(study.end_date)}
      </p>
    </>
  );
}

function Studies() {
  const list = usePagedList(studyListSpec, studySource);
  const canCreate = canSpotlight(useStore($spotlightRole), 'spotlight.study.create');
  return (
    <div className="space-y-5">
      <PageHeader title="Studies">
        <NewLink href={paths.spotlightStudyCreate()} show={canCreate}>
          New study
        </NewLink>
      </PageHeader>
      <ListView
        list={list}
        columns={COLUMNS}
        search
        csv
        caption="Studies"
        card={(study) => <StudyCard study={study} />}
        empty={emptyWhen('studies', { title: 'No studies yet', body: 'Studies this company runs appear here.' })}
      />
    </div>
  );
}

export default spotlightPage(Studies);
