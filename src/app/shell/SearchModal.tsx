import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { loadSchemas } from '../../lib/schemas.ts';
import { $role, $selectedAccount, $selectedAccountId } from '../../stores/account.ts';
import { $recentSearches, addRecentSearch, type RecentSearch } from '../../stores/recent-searches.ts';
import { $currentUser } from '../../stores/session.ts';
import { SEARCH_FOCUS_DELAY_MS } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import { Modal } from '../shared/Modal.tsx';
import { Spinner } from '../shared/Spinner.tsx';
import { hasSpotlightAccess } from './nav.ts';
import { searchSection, searchSections, type SectionResult } from './search.ts';

/** How long typing pauses before the sections are asked. */
const TERM_DEBOUNCE_MS = 200;

const TYPE_LABELS: Record<string, string> = {
  'import-job': 'Import job',
  measurement: 'Measurement',
  report: 'Report',
  user: 'User',
  'label-value': 'Label',
  'label-category': 'Label category',
  'purchase-order': 'Purchase order',
  account: 'Account',
  contract: 'Contract',
  'custom-parameter-template': 'Custom parameter template',
  project: 'Project',
  'third-party-macro': 'Third party macro',
};

function ResultLink({ item, onOpen }: { item: RecentSearch; onOpen: (item: RecentSearch) => void }) {
  return (
    <a
      href={item.href}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onOpen(item);
      }}
      className="flex items-center justify-between gap-3 rounded-md px-3 py-2 text-sm text-slate-800 no-underline hover:bg-primary-faded-2 focus:bg-primary-faded-2"
    >
      <span className="truncate">{item.label}</span>
      <span className="shrink-0 text-xs text-slate-600">{TYPE_LABELS[item.type] ?? item.type}</span>
    </a>
  );
}

/** The global search modal (spec §2, §6). */
export default function SearchModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const user = useStore($currentUser);
  const account = useStore($selectedAccount);
  const accountId = useStore($selectedAccountId);
  const features = account?.feature_flags;
  const role = useStore($role) ?? 'read';
  const recent = useStore($recentSearches);
  const [, navigate] = useLocation();
  const [term, setTerm] = useState('');
  const [debounced, setDebounced] = useState('');
  const [results, setResults] = useState<SectionResult[] | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // Spec §9: the box takes focus 500 ms after opening.
  useEffect(() => {
    if (!isOpen) return;
    setTerm('');
    setDebounced('');
    setResults(null);
    const timer = setTimeout(() => input.current?.focus(), SEARCH_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isOpen]);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(term.trim()), TERM_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);

  useEffect(() => {
    if (!debounced || !accountId || !features) {
      setResults(null);
      return;
    }
    const controller = new AbortController();
    setBusy(true);
    void (async () => {
      const bundle = await loadSchemas();
      const sections = searchSections(bundle.resources, role, features);
      const answers = await Promise.all(
        sections.map((section) => searchSection(section, debounced, accountId, bundle, controller.signal)),
      );
      if (!controller.signal.aborted) {
        setResults(answers);
        setBusy(false);
      }
    })();
    return () => controller.abort();
  }, [debounced, accountId, role, features]);

  const open = (item: RecentSearch) => {
    addRecentSearch(item);
    onClose();
    navigate(item.href);
  };

  const spotlightNote = useMemo(() => !!user && !!account && hasSpotlightAccess(user, account), [user, account]);
  const hasTerm = term.trim() !== '';
  const found = results?.filter((r) => r.error || r.rows.length > 0) ?? [];

  return (
    <Modal isOpen={isOpen} onClose={onClose} title="Search" hideTitle width="max-w-2xl" placement="top">
      <div className="border-b border-slate-200 p-3">
        <label className="flex items-center gap-2 rounded-md bg-slate-100 px-3 focus-within:outline-2 focus-within:outline-primary">
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="h-4 w-4 text-slate-500"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <circle cx="9" cy="9" r="6" />
            <path d="M14 14l4 4" />
          </svg>
          <span className="sr-only">Search</span>
          <input
            ref={input}
            type="search"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            placeholder={messages.search.placeholder}
            className="h-11 flex-1 bg-transparent text-base text-slate-900 outline-none placeholder:text-slate-500"
          />
          {busy && hasTerm ? <Spinner label="Searching" /> : null}
        </label>
        {spotlightNote ? (
          <p className="mt-2 px-1 text-xs text-slate-600">Spotlight studies and assets are not searched here.</p>
        ) : null}
      </div>
      <div className="max-h-[60vh] overflow-y-auto p-3" aria-live="polite">
        {!hasTerm ? (
          <section aria-labelledby="search-recent">
            <h2 id="search-recent" className="mb-2 px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              {messages.search.recent}
            </h2>
            {recent.length ? (
              <ul>
                {recent.map((item) => (
                  <li key={`${item.type}:${item.id}`}>
                    <ResultLink item={item} onOpen={open} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="px-3 py-6 text-center text-sm text-slate-600">{messages.search.noRecent}</p>
            )}
          </section>
        ) : (
          <section aria-labelledby="search-results">
            <h2 id="search-results" className="mb-2 px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              {messages.search.results}
            </h2>
            {results && found.length === 0 && !busy ? (
              <p className="px-3 py-6 text-center text-sm text-slate-600">{messages.search.noResults}</p>
            ) : null}
            {found.map(({ section, rows, error, count }) => (
              <div key={section.resource} className="mb-3" data-search-section={section.resource}>
                <h3 className="flex items-baseline justify-between px-3 py-1 text-sm font-semibold text-slate-800">
                  {section.title}
                  {!error && count > rows.length ? (
                    <span className="text-xs font-normal text-slate-600">
                      {rows.length} of {count}
                    </span>
                  ) : null}
                </h3>
                {error ? (
                  <p className="px-3 py-1 text-sm text-red-700">{messages.errors.searchSectionFailed(section.title)}</p>
                ) : (
                  <ul>
                    {rows.map((row) => (
                      <li key={row.id}>
                        <ResultLink item={{ ...row, type: section.resource }} onOpen={open} />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            ))}
          </section>
        )}
      </div>
    </Modal>
  );
}
