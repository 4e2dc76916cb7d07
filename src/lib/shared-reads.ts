/**
 * One network request for identical reads. Parts of a page that know nothing of each other often
 * read the same thing at the same moment (the dashboard, its breadcrumb's name and the rule that
 * follows the measurement's account all read the measurement): on a phone each copy is another
 * round trip before the page settles.
 *
 * - Reads in flight: a GET asked for while the same GET (same URL and headers) is on its way takes
 *   that answer; once it has arrived nothing is kept, so a later read reads afresh.
 * - A page's first reads (`holdFirstRead`, a route's `firstReads`): their answer also serves the
 *   reads made after it has arrived while the page loads, as a browser's preload would serve the
 *   first of them. It is dropped at the first of: another page shown, a write sent, the person's
 *   first key or pointer press (what they do next may be meant to read afresh), or HOLD_MS.
 * - A write (any other method) starts afresh: no read after it takes an answer of a read before it.
 *
 * Every caller gets its own copy of the parsed body; the Response is shared for its status and
 * headers only (its body has been read).
 */

export interface Answer {
  readonly response: Response;
  readonly body: unknown;
}

/** Long enough for a slow phone to load the page that asked; short enough to never serve as a cache. */
export const HOLD_MS = 20_000;

const inFlight = new Map<string, Promise<Answer>>();

interface Held {
  answer: Promise<Answer>;
  /** The path of the page the read was made for. */
  page: string;
  until: number;
}
const held = new Map<string, Held>();
/** First reads declared, not yet started: the read that starts them holds its answer. */
const declared = new Set<string>();

/** Which reads are the same: the URL and the headers sent (a Spotlight token, say). */
export function readKey(url: string, headers: Record<string, string>): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name.toLowerCase()}: ${value}`);
  return [url, ...lines.sort()].join('\n');
}

const currentPage = () => (typeof location === 'undefined' ? '' : location.pathname);

/** The answer of `key`'s read in flight or held for this page, if there is one. */
function pendingAnswer(key: string): Promise<Answer> | undefined {
  const kept = held.get(key);
  if (kept && (kept.page !== currentPage() || Date.now() > kept.until)) held.delete(key);
  return held.get(key)?.answer ?? inFlight.get(key);
}

/** Answers more than one caller takes (or may yet take, when held): each caller gets a copy. */
const shared = new WeakSet<Promise<Answer>>();

const copy = ({ response, body }: Answer): Answer => ({ response, body: structuredClone(body) });

/** `read()` unless the same read is in flight or held; each caller gets its own copy of the body. */
export function sharedRead(key: string, read: () => Promise<Answer>): Promise<Answer> {
  const pending = pendingAnswer(key);
  if (pending) {
    shared.add(pending);
    return pending.then(copy);
  }
  const started = read();
  inFlight.set(key, started);
  if (declared.delete(key)) {
    held.set(key, { answer: started, page: currentPage(), until: Date.now() + HOLD_MS });
    shared.add(started);
    listenForInput();
  }
  const settled = (ok: boolean) => {
    if (inFlight.get(key) === started) inFlight.delete(key);
    // A failed read is not held: the next reader asks again and sees its own error.
    if (!ok && held.get(key)?.answer === started) held.delete(key);
  };
  started.then(
    (answer) => settled(answer.response.ok),
    () => settled(false),
  );
  // Nobody joins once it has settled (above, first): a read nobody shared keeps its body, uncopied.
  return started.then((answer) => (shared.has(started) ? copy(answer) : answer));
}

/** Marks `key` as a first read of the page shown: the read that starts it holds its answer. */
export function declareFirstRead(key: string): void {
  if (!held.has(key)) declared.add(key);
}

/**
 * A write may change what the answers of earlier reads say: reads from now on do not take them
 * (those in flight still answer their own callers).
 */
export function startAfresh(): void {
  held.clear();
  declared.clear();
  inFlight.clear();
}

let listening = false;
function listenForInput(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  const drop = () => {
    held.clear();
    declared.clear();
    window.removeEventListener('pointerdown', drop, true);
    window.removeEventListener('keydown', drop, true);
    listening = false;
  };
  window.addEventListener('pointerdown', drop, true);
  window.addEventListener('keydown', drop, true);
}
