/**
 * The pieces every sidebar section is drawn with (spec §3 "Sidebar item"): an entry and a titled
 * group. Feature sections (src/app/features/<feature>/*Sections.tsx) and
 * the shell's own build on them, so every sidebar looks alike.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Role } from '../../shared/access.ts';

/** A sidebar entry (spec §3 "Sidebar item"). */
export interface SidebarItem {
  id: string;
  name: string;
  path: string;
  isViewable: boolean;
  isCurrent: boolean;
  role?: Role;
  isExternal?: boolean;
  options?: SidebarItem[];
}

export function ItemLink({ item, indent = false }: { item: SidebarItem; indent?: boolean }) {
  if (!item.isViewable) return null;
  const cls = `block truncate rounded-md px-3 py-1.5 text-sm no-underline ${indent ? 'ml-3' : ''} ${
    item.isCurrent ? 'bg-primary-faded-2 font-semibold text-slate-900' : 'text-slate-700 hover:bg-slate-100'
  }`;
  return item.isExternal ? (
    <a href={item.path} className={cls} target="_blank" rel="noopener noreferrer">
      {item.name}
    </a>
  ) : (
    <Link href={item.path} className={cls} aria-current={item.isCurrent ? 'page' : undefined}>
      {item.name}
    </Link>
  );
}

export function Group({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <div className="mb-4 px-2" role="group" aria-labelledby={id}>
      <h2 id={id} className="mb-1 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {title}
      </h2>
      {children}
    </div>
  );
}
