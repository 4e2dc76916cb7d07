import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import {
  Autocomplete,
  Header,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  RouterProvider,
  SearchField,
  Text,
} from 'react-aria-components';
import { useLocation } from 'wouter';
import { loadSchemas } from '../../lib/schemas.ts';
import { $accessContext, $role, $selectedAccount, $selectedAccountId } from '../../stores/account.ts';
import { $recentSearches, addRecentSearch } from '../../stores/recent-searches.ts';
import { $currentUser } from '../../stores/session.ts';
import { SEARCH_FOCUS_DELAY_MS } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import { Modal } from '../shared/Modal.tsx';
import { Spinner } from '../shared/Spinner.tsx';
import { hasSpotlightAccess } from './nav.ts';
import { SearchIcon } from './Frame.tsx';
import { resolveRecent, searchSection, searchSections, type SearchItem, type SectionResult } from './search.ts';
import { $searchTypedAhead, SEARCH_INPUT_ATTRIBUTE, stopSearchTyping } from './search-typing.ts';

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

/**
 * One result: an option of the listbox, a link when it has a page to open. Results without one
 * (a user for someone who may not manage users, decisions.md §8) show their text and stay put.
 */
function ResultOption({ item }: { item: SearchItem }) {
  return (
    <ListBoxItem
      id={item.id}
      textValue={item.label}
      href={item.href ?? undefined}
      data-result-type={item.type}
      data-static={item.href ? undefined : true}
      className={({ isFocused }) =>
        `flex cursor-default items-center justify-between gap-3 rounded-md px-3 py-2 text-sm text-slate-800 no-underline outline-none ${
          item.href ? 'cursor-pointer' : ''
        } ${isFocused ? 'bg-primary-faded-2' : ''}`
      }
    >
      <span className="min-w-0">
        <Text slot="label" className="block truncate">
          {item.label}
        </Text>
        {item.secondary ? (
          <Text slot="description" className="block truncate text-xs text-slate-600">
            {item.secondary}
          </Text>
        ) : null}
      </span>
      <span className="shrink-0 text-xs text-slate-600">{TYPE_LABELS[item.type] ?? item.type}</span>
    </ListBoxItem>
  );
}

/**
 * The global search modal (spec §2, §6): the WAI-ARIA combobox pattern from React Aria's
 * Autocomplete. Focus stays in the box; arrow keys move through the results and Enter opens the
 * active one. Keys typed before the box has focus are kept (search-typing.ts).
 */
export default function SearchModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const user = useStore($currentUser);
  const account = useStore($selectedAccount);
  const accountId = useStore($selectedAccountId);
  const features = account?.feature_flags;
  const role = useStore($role) ?? 'read';
  const recentIds = useStore($recentSearches);
  const typedAhead = useStore($searchTypedAhead);
  const [, navigate] = useLocation();
  const [term, setTerm] = useState('');
  const [focused, setFocused] = useState(false);
  const [debounced, setDebounced] = useState('');
  const [results, setResults] = useState<SectionResult[] | null>(null);
  const [recent, setRecent] = useState<SearchItem[] | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  /** The term Enter was pressed on before its results came: the first of them opens on arrival. */
  const enterPending = useRef<string | null>(null);

  const viewer = useStore($accessContext);

  // Until the box has focus, it shows what was typed since the search was asked for.
  useEffect(() => {
    if (isOpen && !focused) setTerm(typedAhead);
  }, [isOpen, focused, typedAhead]);

  // Spec §9: the box takes focus 500 ms after opening, with the caret after what was typed.
  useEffect(() => {
    if (!isOpen) return;
    setFocused(false);
    setDebounced('');
    setResults(null);
    const timer = setTimeout(() => {
      const box = input.current;
      if (!box) return;
      box.focus();
      box.setSelectionRange(box.value.length, box.value.length);
      stopSearchTyping();
      setFocused(true);
    }, SEARCH_FOCUS_DELAY_MS);
    return () => {
      clearTimeout(timer);
      stopSearchTyping();
    };
  }, [isOpen]);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(term.trim()), TERM_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);

  useEffect(() => {
    if (!debounced || !accountId || !features || !viewer) {
      setResults(null);
      setBusy(false);
      return;
    }
    const controller = new AbortController();
    setBusy(true);
    void (async () => {
      const bundle = await loadSchemas();
      const sections = searchSections(bundle.resources, role, features);
      const answers = await Promise.all(
        sections.map((section) => searchSection(section, debounced, accountId, bundle, viewer, controller.signal)),
      );
      if (!controller.signal.aborted) {
        setResults(answers);
        setBusy(false);
      }
    })();
    return () => controller.abort();
  }, [debounced, accountId, role, features, viewer]);

  // Recent searches are stored as ids (spec §3): their names and links are looked up on opening.
  useEffect(() => {
    if (!isOpen || !accountId || !features || !viewer) return;
    if (!recentIds.length) {
      setRecent([]);
      return;
    }
    const controller = new AbortController();
    void (async () => {
      const bundle = await loadSchemas();
      const sections = searchSections(bundle.resources, role, features);
      const items = await resolveRecent(recentIds, sections, accountId, bundle, viewer, controller.signal);
      if (!controller.signal.aborted) setRecent(items);
    })();
    return () => controller.abort();
  }, [isOpen, recentIds, accountId, role, features, viewer]);

  const hasTerm = term.trim() !== '';
  const found = results?.filter((r) => r.error || r.rows.length > 0) ?? [];
  const shown: SearchItem[] = hasTerm ? found.flatMap((r) => r.rows) : (recent ?? []);

  /** React Aria opens a result's link through here: remember it, close, and route in the app. */
  const open = (href: string) => {
    const item = shown.find((candidate) => candidate.href === href);
    if (item) addRecentSearch(item.id);
    enterPending.current = null;
    onClose();
    navigate(href);
  };
  const openFirst = (items: readonly SearchItem[]) => {
    const first = items.find((item) => item.href);
    if (first?.href) open(first.href);
  };

  // Results come after typing, so React Aria's "first item" had nothing to highlight when the
  // term changed: an Enter pressed meanwhile opens the first result once they arrive.
  useEffect(() => {
    const pending = enterPending.current;
    if (pending === null || busy || !results || pending !== debounced) return;
    enterPending.current = null;
    openFirst(results.flatMap((r) => r.rows));
  });

  /**
   * Enter with no result highlighted opens the first one (React Aria opens a highlighted one
   * itself); before the term's results have come, it waits for them.
   */
  const onEnter = (event: React.KeyboardEvent) => {
    if (event.key !== 'Enter' || input.current?.getAttribute('aria-activedescendant')) return;
    const wanted = term.trim();
    event.preventDefault();
    event.stopPropagation();
    if (!wanted) return openFirst(shown);
    if (wanted === debounced && results && !busy) return openFirst(shown);
    enterPending.current = wanted;
  };

  const spotlightNote = !!user && !!account && hasSpotlightAccess(user, account);
  const headingId = hasTerm ? 'search-results' : 'search-recent';
  const emptyText = hasTerm
    ? results && !busy
      ? messages.search.noResults
      : null
    : recent
      ? messages.search.noRecent
      : null;

  return (
    <Modal isOpen={isOpen} onClose={onClose} title="Search" hideTitle width="max-w-2xl" placement="top">
      <RouterProvider navigate={open}>
        <Autocomplete inputValue={term} onInputChange={setTerm}>
          <div className="border-b border-slate-200 p-3">
            <SearchField aria-label="Search" className="group">
              <Label className="sr-only">Search</Label>
              {/*
               * Keys go to the box from the moment the search opens (search-typing.ts), though it
               * takes focus 500 ms later (spec §9): it wears its focus ring from the start, so the
               * ring says where typing goes however the search was opened (Ctrl+K or a click).
               */}
              <div
                className={`flex items-center gap-2 rounded-md bg-slate-100 px-3 focus-within:outline-2 focus-within:outline-primary ${
                  focused ? '' : 'outline-2 outline-primary'
                }`}
                data-search-box
                onKeyDownCapture={onEnter}
              >
                <SearchIcon className="h-4 w-4 text-slate-500" />
                <Input
                  ref={input}
                  {...{ [SEARCH_INPUT_ATTRIBUTE]: '' }}
                  placeholder={messages.search.placeholder}
                  className="h-11 flex-1 bg-transparent text-base text-slate-900 outline-none placeholder:text-slate-500 [&::-webkit-search-cancel-button]:hidden"
                />
                {busy && hasTerm ? <Spinner label="Searching" /> : null}
              </div>
            </SearchField>
            {spotlightNote ? (
              <p className="mt-2 px-1 text-xs text-slate-600">Spotlight studies and assets are not searched here.</p>
            ) : null}
          </div>
          <div className="max-h-[60vh] overflow-y-auto p-3">
            <h2 id={headingId} className="mb-2 px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              {hasTerm ? messages.search.results : messages.search.recent}
            </h2>
            {!hasTerm && recent === null ? <Spinner className="px-3" label="Loading recent searches" /> : null}
            <ListBox
              aria-labelledby={headingId}
              className="outline-none"
              renderEmptyState={() =>
                emptyText ? <p className="px-3 py-6 text-center text-sm text-slate-600">{emptyText}</p> : null
              }
            >
              {hasTerm
                ? found.map(({ section, rows, error, count }) => (
                    <ListBoxSection
                      key={section.resource}
                      id={section.resource}
                      className="mb-3"
                      data-search-section={section.resource}
                    >
                      <Header className="flex items-baseline justify-between px-3 py-1 text-sm font-semibold text-slate-800">
                        <span data-section-title>{section.title}</span>
                        {!error && count > rows.length ? (
                          <span className="text-xs font-normal text-slate-600">
                            {rows.length} of {count}
                          </span>
                        ) : null}
                      </Header>
                      {error ? (
                        <ListBoxItem
                          id={`${section.resource}-error`}
                          isDisabled
                          className="px-3 py-1 text-sm text-red-700"
                          textValue={messages.errors.searchSectionFailed(section.title)}
                        >
                          {messages.errors.searchSectionFailed(section.title)}
                        </ListBoxItem>
                      ) : (
                        rows.map((item) => <ResultOption key={item.id} item={item} />)
                      )}
                    </ListBoxSection>
                  ))
                : (recent ?? []).map((item) => <ResultOption key={item.id} item={item} />)}
            </ListBox>
          </div>
        </Autocomplete>
      </RouterProvider>
    </Modal>
  );
}
