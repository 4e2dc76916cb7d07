/**
 * The guide's search box: it runs in the browser over the guide's own text, so it needs no server
 * and no index file. Each topic intro and each part is one block; a block matches when it holds
 * every word of the query, and blocks whose title holds a word come first. The guide's other page
 * (the user guide, or the page for API and test authors) is read once, when the box is first used,
 * from the same static host, so one search covers both.
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

/** Elements whose text is a line of its own: a heading and the paragraph after it stay two words. */
const BLOCK_TAGS = new Set(['P', 'LI', 'DT', 'DD', 'TD', 'TH', 'TR', 'PRE', 'DIV', 'CAPTION', 'BR', 'H2', 'H3', 'H4']);
const SKIPPED_TAGS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE']);

/**
 * An element's text with a space between block-level elements. Unlike innerText it needs no layout,
 * so it also reads a page parsed with DOMParser.
 */
export function blockText(root: Node): string {
  let text = '';
  const walk = (node: Node) => {
    if (node.nodeType === 3) text += node.nodeValue ?? '';
    if (node.nodeType !== 1) return;
    const tag = (node as Element).tagName;
    if (SKIPPED_TAGS.has(tag)) return;
    const block = BLOCK_TAGS.has(tag);
    if (block) text += ' ';
    node.childNodes.forEach(walk);
    if (block) text += ' ';
  };
  walk(root);
  return text.replace(/\s+/g, ' ').trim();
}

/** The search blocks of a guide page; `page` is its path when it is not the page being read. */
export function readBlocks(doc: ParentNode, page = ''): SearchBlock[] {
  return [...doc.querySelectorAll<HTMLElement>('[data-search-block]')].map((el) => ({
    title: el.dataset.title ?? '',
    href: `${page}${el.dataset.href ?? '#'}`,
    text: blockText(el),
  }));
}

/** Where each anchor of the guide's other pages lives, as the page renders it on <main>. */
export function anchorsElsewhere(doc: Document): Record<string, string> {
  const json = doc.querySelector<HTMLElement>('[data-elsewhere]')?.dataset.elsewhere;
  return json ? (JSON.parse(json) as Record<string, string>) : {};
}

/**
 * An old deep link to a part that moved to the guide's other page (/documentation#sandboxes, from
 * when the API guide was part of the user guide) goes on to that part.
 */
export function followMovedAnchor(doc: Document, location: Pick<Location, 'hash' | 'search' | 'replace'>): void {
  const id = decodeURIComponent(location.hash.slice(1));
  const page = anchorsElsewhere(doc)[id];
  if (id && page && !doc.getElementById(id)) location.replace(`${page}${location.search}#${id}`);
}

async function fetchPage(path: string): Promise<string> {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.text();
}

export function initDocSearch(doc: Document, loadPage: (path: string) => Promise<string> = fetchPage): void {
  const root = doc.querySelector<HTMLElement>('[data-doc-search]');
  const input = root?.querySelector('input');
  const results = root?.querySelector('ol');
  const status = root?.querySelector('[role="status"]');
  if (!root || !input || !results || !status) return;
  const blocks: SearchBlock[] = readBlocks(doc);
  const otherPages = [...new Set(Object.values(anchorsElsewhere(doc)))];

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

  // The other pages are read once, on first use; if one cannot be read, this page's search still works.
  let loading: Promise<void> | undefined;
  const loadOtherPages = () =>
    (loading ??= Promise.all(
      otherPages.map((path) =>
        loadPage(path).then(
          (html) => readBlocks(new DOMParser().parseFromString(html, 'text/html'), path),
          () => [],
        ),
      ),
    ).then((lists) => {
      blocks.push(...lists.flat());
      render();
    }));

  input.addEventListener('focus', () => void loadOtherPages());
  input.addEventListener('input', () => {
    void loadOtherPages();
    render();
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') results.querySelector('a')?.click();
    if (event.key === 'Escape') {
      input.value = '';
      render();
    }
  });
  // ?q= opens the guide with a search under way, so a search can be shared as a link.
  const initial = new URLSearchParams(doc.location.search).get('q');
  if (initial) {
    input.value = initial;
    void loadOtherPages();
  }
  root.hidden = false;
  render();
}

/**
 * On a phone the contents are folded, so the guide itself is on the first screen; beside the page
 * (a wide screen) they are open. The fold follows the width as it changes too (a window narrowed,
 * a tablet turned), not only the width the page was opened at; a reader's own unfolding on a
 * phone stays until the width crosses the line again.
 */
export function foldContentsOnPhones(doc: Document, view: Pick<Window, 'matchMedia'>): void {
  const contents = doc.querySelector<HTMLDetailsElement>('details.doc-toc');
  if (!contents) return;
  const narrow = view.matchMedia('(max-width: 1023px)');
  contents.open = !narrow.matches;
  narrow.addEventListener('change', (event) => {
    contents.open = !event.matches;
  });
}
