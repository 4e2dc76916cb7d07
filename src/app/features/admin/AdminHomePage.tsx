/**
 * /admin: the selected account at a glance (the Account Admin Menu acts on it, decisions.md §3),
 * and the sections this user may open, from the admin menus (ADMIN_MENUS) and each section's access rule
 * (spec §6: root sections for root, the four super sections for super only).
 */
import { useStore } from '@nanostores/react';
import { Link } from 'wouter';
import { list } from '../../../lib/api.ts';
import { $accessContext, $selectedAccount } from '../../../stores/account.ts';
import { checkAccess, lowestRole, PERMISSIONS } from '../../../shared/access.ts';
import type { Account } from '../../../shared/schemas/account.ts';
import { ADMIN_MENUS, ADMIN_SECTIONS, paths, type AdminSection } from '../../routes/index.ts';
import { Badge, STATUS_TONES } from '../../shared/Badge.tsx';
import { Card } from '../../shared/Card.tsx';
import { isActive } from '../../kit/contracts.tsx';
import { Skeleton } from '../../shared/EmptyState.tsx';
import { LinkTiles } from '../../shared/LinkCards.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { useAsync } from '../../shared/useAsync.ts';

const TYPES: Record<Account['type'], string> = {
  agency: 'Agency Managed',
  agency_self_serve: 'Agency Self-serve',
  partner: 'Partner',
};

/** The selected account's figures: how many users, contracts (and active ones), measurements. */
function useAccountFigures(account: Account) {
  return useAsync(async () => {
    const [users, contracts, measurements] = await Promise.all([
      list('user', { account: account.id, limit: 1, skip: 0 }),
      list('contract', { accounts: account.id, limit: 500, skip: 0 }),
      // Measurements need lamp_access (spec §5): an account without it has none to count.
      account.feature_flags.lamp_access
        ? list('measurement', { account: account.id, limit: 1, skip: 0 })
        : Promise.resolve(null),
    ]);
    return {
      users: users.count,
      contracts: contracts.count,
      active: contracts.data.filter(isActive).length,
      measurements: measurements?.count ?? null,
    };
  }, account.id);
}

function Figure({ term, value, href }: { term: string; value: number | null | undefined; href?: string }) {
  const shown =
    value === undefined ? <Skeleton className="h-7 w-10" /> : value === null ? '—' : value.toLocaleString('en-GB');
  return (
    <div className="rounded-lg bg-slate-50 px-4 py-3">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">
        {href && typeof value === 'number' ? (
          <Link href={href} className="text-slate-900 no-underline hover:underline">
            {shown}
          </Link>
        ) : (
          shown
        )}
      </dd>
    </div>
  );
}

function AccountAtAGlance({ account, opens }: { account: Account; opens: (id: string) => boolean }) {
  const figures = useAccountFigures(account);
  const f = figures.data;
  const link = (id: string) => (opens(id) ? paths.adminSection(id) : undefined);
  const flag = (on: boolean, name: string) => (
    <Badge className={on ? STATUS_TONES.success : STATUS_TONES.other}>
      {name} {on ? 'on' : 'off'}
    </Badge>
  );
  return (
    <Card
      title={
        <span className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="size-8 rounded-lg ring-1 ring-slate-200"
            style={{
              background: `linear-gradient(135deg, ${account.theme.primary_colour} 50%, ${account.theme.secondary_colour} 50%)`,
            }}
          />
          <span>
            <span className="block text-lg" data-testid="admin-account-name">
              {account.name}
            </span>
            <span className="block text-sm font-normal text-slate-600">{TYPES[account.type]}</span>
          </span>
        </span>
      }
      actions={
        opens('details') ? (
          <Link href={paths.adminSection('details')} className="text-sm font-medium">
            Edit details
          </Link>
        ) : null
      }
    >
      <div className="mb-4 flex flex-wrap gap-1.5">
        {flag(account.feature_flags.lamp_access, 'LAMP access')}
        {flag(account.feature_flags.spotlight_access, 'Spotlight access')}
      </div>
      {figures.error ? (
        <p className="text-sm text-slate-600">The account’s figures could not be loaded.</p>
      ) : (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure term="Users" value={f?.users} href={link('users')} />
          <Figure term="Contracts" value={f?.contracts} href={link('account-contracts')} />
          <Figure term="Active contracts" value={f?.active} href={link('account-contracts')} />
          <Figure term="Measurements" value={f === null ? undefined : f.measurements} />
        </dl>
      )}
    </Card>
  );
}

function SectionGroup({ title, sections }: { title: string; sections: readonly AdminSection[] }) {
  if (sections.length === 0) return null;
  const id = `admin-home-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">
        {title}
      </h2>
      <LinkTiles
        layout="items-center justify-between gap-3"
        tiles={sections.map((section) => ({
          href: paths.adminSection(section.id),
          title: section.title,
          note:
            lowestRole(section.access) === PERMISSIONS['admin.super'] ? (
              <Badge className={STATUS_TONES.other}>Super</Badge>
            ) : (
              <span aria-hidden="true" className="text-slate-400">
                →
              </span>
            ),
        }))}
      />
    </section>
  );
}

export default function AdminHomePage() {
  const account = useStore($selectedAccount);
  const context = useStore($accessContext);
  const opens = (id: string) => {
    const section = ADMIN_SECTIONS.find((s) => s.id === id);
    return !!section && !!context && checkAccess(section.access, context) === null;
  };
  return (
    <div className="space-y-8">
      <PageHeader title="Admin" />
      <p className="-mt-6 text-sm text-slate-600">
        The Account Admin Menu works on the account selected in the switcher; the Global Admin Menu on the whole
        platform.
      </p>
      {account ? <AccountAtAGlance key={account.id} account={account} opens={opens} /> : <Skeleton className="h-48" />}
      <SectionGroup title="Account Admin Menu" sections={ADMIN_MENUS.account.filter((s) => opens(s.id))} />
      <SectionGroup title="Global Admin Menu" sections={ADMIN_MENUS.global.filter((s) => opens(s.id))} />
    </div>
  );
}
