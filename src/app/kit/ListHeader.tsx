/**
 * The head of a list page: its title, a line on what the list holds, and the page's own action
 * (mostly the "New …" link, shown only to whoever may create).
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClass } from '../shared/Button.tsx';
import { PAGE_INTRO_CLASS, PAGE_TITLE_CLASS } from '../shared/PageHeader.tsx';

export function ListHeader({ title, about, children }: { title: string; about?: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className={PAGE_TITLE_CLASS}>{title}</h1>
        {about ? <p className={PAGE_INTRO_CLASS}>{about}</p> : null}
      </div>
      {children}
    </div>
  );
}

/** The primary "New …" link of a list page; nothing for a person who may not create (the server would refuse). */
export function NewLink({ href, show, children }: { href: string; show: boolean; children: ReactNode }) {
  if (!show) return null;
  return (
    <Link href={href} className={buttonClass('primary', 'no-underline')}>
      {children}
    </Link>
  );
}
