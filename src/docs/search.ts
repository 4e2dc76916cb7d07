/**
 * The guide's search box: it runs in the browser over the page's own text, so it needs no server
 * and no index file. Each topic intro and each part is one block; a block matches when it holds
 * every word of the query, and blocks whose title holds a word come first.
 */
export interface SearchBlock {
  title: string;
  href: string;
  text: string;
}

export interface SearchHit {
  block: SearchBlock;
  /** Where the first query word occurs in the block's text. */
  at: number;
  score: number;
}

export const MAX_RESULTS = 8;

export function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

export function searchBlocks(blocks: readonly SearchBlock[], query: string): SearchHit[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const hits: SearchHit[] = [];
  for (const block of blocks) {
    const text = block.text.toLowerCase();
    const title = block.title.toLowerCase();
    if (!words.every((w) => text.includes(w) || title.includes(w))) continue;
    const score = words.reduce((sum, w) => sum + (title.includes(w) ? 10 : 0) + (text.split(w).length - 1), 0);
    hits.push({ block, at: Math.max(0, text.indexOf(words[0] ?? '')), score });
  }
  return hits.sort((a, b) => b.score - a.score).slice(0, MAX_RESULTS);
}

/** A short excerpt around a position, on word boundaries. */
export function snippet(text: string, at: number, length = 110): string {
  const start = Math.max(0, text.lastIndexOf(' ', Math.max(0, at - 30)) + 1);
  const cut = text.slice(start, start + length);
  const end = cut.length < length ? cut.length : Math.max(cut.lastIndexOf(' '), 1);
  return `${start > 0 ? '… ' : ''}${cut.slice(0, end)}${start + end < text.length ? ' …' : ''}`;
}

/** The snippet as text nodes, with each query word wrapped in <mark>. */
function highlighted(doc: Document, text: string, words: readonly string[]): Node[] {
  const pattern = new RegExp(`(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  return text.split(pattern).map((piece, i) => {
    if (i % 2 === 0) return doc.createTextNode(piece);
    const mark = doc.createElement('mark');
    mark.textContent = piece;
    return mark;
  });
}

export function initDocSearch(doc: Document): void {
  const root = doc.querySelector<HTMLElement>('[data-doc-search]');
  const input = root?.querySelector('input');
  const results = root?.querySelector('ol');
  const status = root?.querySelector('[role="status"]');
  if (!root || !input || !results || !status) return;
  const blocks: SearchBlock[] = [...doc.querySelectorAll<HTMLElement>('[data-search-block]')].map((el) => ({
    title: el.dataset.title ?? '',
    href: el.dataset.href ?? '#',
    // innerText, not textContent: a heading and the paragraph after it stay separate words.
    text: el.innerText.replace(/\s+/g, ' ').trim(),
  }));

  const render = () => {
    const query = input.value.trim();
    const hits = searchBlocks(blocks, query);
    const words = queryWords(query);
    results.replaceChildren(
      ...hits.map(({ block, at }) => {
        const item = doc.createElement('li');
        const link = doc.createElement('a');
        link.href = block.href;
        link.textContent = block.title;
        const excerpt = doc.createElement('p');
        excerpt.append(...highlighted(doc, snippet(block.text, at), words));
        item.append(link, excerpt);
        return item;
      }),
    );
    status.textContent =
      query === '' ? '' : hits.length === 0 ? `No results for “${query}”` : `${hits.length} of the guide’s parts match`;
  };

  input.addEventListener('input', render);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') results.querySelector('a')?.click();
    if (event.key === 'Escape') {
      input.value = '';
      render();
    }
  });
  // ?q= opens the guide with a search under way, so a search can be shared as a link.
  const initial = new URLSearchParams(doc.location.search).get('q');
  if (initial) input.value = initial;
  root.hidden = false;
  render();
}

/** On a phone the contents start folded, so the guide itself is on the first screen. */
export function foldContentsOnPhones(doc: Document, view: Pick<Window, 'matchMedia'>): void {
  const contents = doc.querySelector<HTMLDetailsElement>('details.doc-toc');
  if (contents && view.matchMedia('(max-width: 1023px)').matches) contents.open = false;
}
