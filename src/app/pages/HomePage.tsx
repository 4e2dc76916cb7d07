import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { accountOwners, list } from '../../lib/api.ts';
import { $role, $selectedAccount } from '../../stores/account.ts';
import { $currentUser } from '../../stores/session.ts';
import { can } from '../../shared/access.ts';
import { formatDateRange } from '../../shared/date-format.ts';
import { formatCount, formatInteger } from '../../shared/number-format.ts';
import type { Measurement } from '../../shared/schemas/measurement.ts';
import { MEASUREMENT_STATUS_TONES } from '../shared/Badge.tsx';
import { paths, type PageProps } from '../routes/index.ts';
import { buttonClass } from '../shared/Button.tsx';
import { ErrorPlaceholder } from '../shared/ErrorPlaceholder.tsx';
import { LinkCards } from '../shared/LinkCards.tsx';
import { Spinner } from '../shared/Spinner.tsx';
import { hasSpotlightAccess, publicConfig } from '../shell/nav.ts';
import { listQuery, sortKeys } from '../../shared/list-query-text.ts';

const RECENT_COUNT = 6;
const CARD =
  'block h-full rounded-xl border border-slate-200 bg-white p-4 no-underline shadow-sm transition hover:border-primary';

const STATUS_STYLES = MEASUREMENT_STATUS_TONES;

interface QuickLink {
  id: string;
  title: string;
  text: string;
  href: string;
  external?: boolean;
}

/** Quick links into the areas this user may use in this account. */
function quickLinks(
  user: NonNullable<ReturnType<typeof $currentUser.get>>,
  account: NonNullable<ReturnType<typeof $selectedAccount.get>>,
  role: NonNullable<ReturnType<typeof $role.get>>,
): QuickLink[] {
  const links: QuickLink[] = [];
  const lamp = account.feature_flags.lamp_access;
  if (lamp && can(role, 'measurement.write'))
    links.push({
      id: 'create',
      title: 'New measurement',
      text: 'Set up a flight and its tags',
      href: paths.measurementCreate(),
    });
  if (lamp)
    links.push({
      id: 'reports',
      title: 'Reports',
      text: 'Compare attention across measurements',
      href: paths.reports(),
    });
  if (lamp)
    links.push({
      id: 'activations',
      title: 'Activations',
      text: 'Put attention to work in buying',
      href: paths.activations(),
    });
  if (hasSpotlightAccess(user, account))
    links.push({ id: 'spotlight', title: 'Spotlight', text: 'Studies and creative assets', href: paths.spotlight() });
  if (can(role, 'labels.manage'))
    links.push({ id: 'labels', title: 'Labels', text: 'Organise measurements', href: paths.labels() });
  if (can(role, 'users.manage'))
    links.push({ id: 'users', title: 'Users', text: 'Who can work in this account', href: paths.users() });
  if (can(role, 'billing.view'))
    links.push({ id: 'billing', title: 'Billing', text: 'Contracts and purchase orders', href: paths.billing() });
  links.push({
    id: 'docs',
    title: 'Documentation',
    text: 'How the metrics are worked out',
    href: paths.documentation(),
    external: true,
  });
  links.push({
    id: 'support',
    title: 'Support',
    text: 'Ask the Client Success team',
    href: publicConfig.supportUrl,
    external: true,
  });
  return links;
}

function RecentMeasurements({ accountId }: { accountId: string }) {
  const [rows, setRows] = useState<Measurement[] | null>(null);
  const [count, setCount] = useState(0);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let live = true;
    setRows(null);
    setError(null);
    const query = listQuery('measurement', {
      account: accountOwners(accountId),
      sort: sortKeys('updated_at', 'desc'),
      limit: RECENT_COUNT,
      skip: 0,
    });
    void list('measurement', query)
      .then((result) => {
        if (!live) return;
        setRows(result.data);
        setCount(result.count);
      })
      .catch((e: unknown) => live && setError(e));
    return () => {
      live = false;
    };
  }, [accountId]);

  if (error) return <ErrorPlaceholder name="measurements" error={error} />;
  // While loading, cards of the same size hold the place, so the links below do not jump down.
  if (!rows)
    return (
      <>
        <Spinner label="Loading measurements" className="mb-3 h-5" />
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
          {Array.from({ length: RECENT_COUNT }, (_, i) => (
            <li key={i} className="h-40 rounded-xl border border-slate-200 bg-white shadow-sm" />
          ))}
        </ul>
      </>
    );
  if (!rows.length)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">
        No measurements in this account yet.
      </p>
    );
  return (
    <>
      <p className="mb-3 text-sm text-slate-600">
        The {rows.length} most recently updated of {formatInteger(count)}.
      </p>
      <LinkCards
        items={rows}
        keyOf={(m) => m.id}
        href={(m) => paths.measurement(m.id)}
        label="Recent measurements"
        grid="xl:grid-cols-3"
        card="block h-full rounded-xl border border-slate-200 bg-white p-4 text-slate-900 no-underline shadow-sm transition hover:border-primary hover:shadow"
      >
        {(m) => (
          <>
            <div className="mb-3 flex items-start justify-between gap-2">
              <h3 className="line-clamp-2 font-semibold">{m.name}</h3>
              <span
                className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium capitalize ring-1 ${STATUS_STYLES[m.status]}`}
              >
                {m.status}
              </span>
            </div>
            <dl className="grid grid-cols-2 gap-2">
              <div>
                <dt className="text-xs text-slate-600">Impressions</dt>
                <dd className="text-lg font-semibold tabular-nums" title={formatInteger(m.impressions)}>
                  {formatCount(m.impressions, { compact: true })}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">
                  <abbr title="Attention per mille: seconds of attention per 1,000 impressions">APM</abbr>
                </dt>
                <dd className="text-lg font-semibold tabular-nums">{m.apm === null ? '–' : formatInteger(m.apm)}</dd>
              </div>
            </dl>
            <p className="mt-3 text-xs text-slate-600">{formatDateRange(m.start_date, m.end_date)}</p>
          </>
        )}
      </LinkCards>
    </>
  );
}

/** Home (/): the selected account's recent measurements and the user's ways in. */
export default function HomePage(_props: PageProps) {
  const user = useStore($currentUser);
  const account = useStore($selectedAccount);
  const role = useStore($role);
  if (!user || !account || !role) return null;
  const links = quickLinks(user, account, role);
  return (
    <div>
      <div className="mb-6">
        <p className="text-sm text-slate-600">{account.name}</p>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Welcome back, {user.first_name}</h1>
      </div>
      {account.feature_flags.lamp_access ? (
        <section aria-labelledby="home-recent" className="mb-8">
          <div className="mb-1 flex items-center justify-between gap-2">
            <h2 id="home-recent" className="text-lg font-semibold text-slate-900">
              Recent measurements
            </h2>
            {can(role, 'measurement.write') ? (
              <Link href={paths.measurementCreate()} className={buttonClass('primary', 'shrink-0 whitespace-nowrap')}>
                New measurement
              </Link>
            ) : null}
          </div>
          <RecentMeasurements accountId={account.id} />
        </section>
      ) : (
        <p className="mb-8 rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-700">
          Attention measurement is not switched on for {account.name}.
        </p>
      )}
      <section aria-labelledby="home-links">
        <h2 id="home-links" className="mb-3 text-lg font-semibold text-slate-900">
          Quick links
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {links.map((link) => (
            <li key={link.id}>
              {link.external ? (
                <a
                  href={link.href}
                  data-quick-link={link.id}
                  {...(link.id === 'support' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  className={CARD}
                >
                  <span className="block font-semibold text-slate-900">{link.title}</span>
                  <span className="mt-1 block text-sm text-slate-600">{link.text}</span>
                </a>
              ) : (
                <Link href={link.href} data-quick-link={link.id} className={CARD}>
                  <span className="block font-semibold text-slate-900">{link.title}</span>
                  <span className="mt-1 block text-sm text-slate-600">{link.text}</span>
                </Link>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
