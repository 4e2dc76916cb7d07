// @vitest-environment happy-dom
/**
 * The guide's two pages (/documentation and /documentation/api) share one search, one table of
 * contents and one set of anchors: a search on either page finds the other's parts, a link to an
 * anchor on the other page names that page, and an old deep link to a moved part goes on to it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  anchorsElsewhere as readAnchorsElsewhere,
  blockText,
  followMovedAnchor,
  initDocSearch,
  readBlocks,
} from '../../../src/docs/search.ts';
import {
  anchorsElsewhere,
  DOC_PAGES,
  DOC_TOPICS,
  docHref,
  docPageOf,
  docTopicsOn,
} from '../../../src/docs/sections.ts';

const guideHtml = (elsewhere: Record<string, string>) => `
  <div data-doc-search hidden>
    <input type="search" /><p role="status"></p><ol></ol>
  </div>
  <main data-elsewhere='${JSON.stringify(elsewhere)}'>
    <div data-search-block data-href="#formulas" data-title="Formulas">
      <h3 id="formulas">Formulas</h3><p>aCPM is spend per thousand seconds</p>
    </div>
  </main>`;

const apiHtml = `<!doctype html><main>
  <div data-search-block data-href="#sandboxes" data-title="Sandboxes">
    <h3 id="sandboxes">Sandboxes</h3><p>A request with the header <code>X-Lamp-Sandbox</code> works on its own copy</p>
  </div></main>`;

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe("the guide's pages", () => {
  it('put the API topic on its own page and everything else in the user guide', () => {
    expect(docPageOf('api')).toBe('api');
    expect(docPageOf('sandboxes')).toBe('api');
    expect(docPageOf('formulas')).toBe('guide');
    expect(docTopicsOn('api').map((t) => t.id)).toEqual(['api']);
    expect(docTopicsOn('demo').map((t) => t.id)).toEqual(['demo']);
    expect(docTopicsOn('testing').map((t) => t.id)).toEqual(['testing']);
    expect(
      docTopicsOn('guide').length +
        docTopicsOn('api').length +
        docTopicsOn('demo').length +
        docTopicsOn('testing').length,
    ).toBe(DOC_TOPICS.length);
  });

  it('link to an anchor on the same page bare, and to one on the other page by its path', () => {
    expect(docHref('formulas', 'guide')).toBe('#formulas');
    expect(docHref('sandboxes', 'guide')).toBe(`${DOC_PAGES.api}#sandboxes`);
    expect(docHref('sandboxes', 'api')).toBe('#sandboxes');
    expect(docHref('formulas', 'api')).toBe(`${DOC_PAGES.guide}#formulas`);
    expect(anchorsElsewhere('guide')).toMatchObject({ api: DOC_PAGES.api, outbox: DOC_PAGES.api });
    expect(anchorsElsewhere('guide')).not.toHaveProperty('formulas');
  });
});

describe('the search over both pages', () => {
  it("reads a block's text with a space between a heading and its paragraph, without layout", () => {
    const doc = new DOMParser().parseFromString(apiHtml, 'text/html');
    expect(blockText(doc.querySelector('[data-search-block]')!)).toBe(
      'Sandboxes A request with the header X-Lamp-Sandbox works on its own copy',
    );
    expect(readBlocks(doc, DOC_PAGES.api)[0]?.href).toBe(`${DOC_PAGES.api}#sandboxes`);
  });

  it("finds the other page's parts once the box is used, linking to that page", async () => {
    document.body.innerHTML = guideHtml(anchorsElsewhere('guide'));
    // Each other page is read once; only the API page holds the part searched for here.
    const loadPage = vi.fn((path: string) => Promise.resolve(path === DOC_PAGES.api ? apiHtml : '<main></main>'));
    initDocSearch(document, loadPage);
    const input = document.querySelector('input')!;
    expect(loadPage).not.toHaveBeenCalled();
    input.value = 'x-lamp-sandbox';
    input.dispatchEvent(new Event('input'));
    await vi.waitFor(() => expect(document.querySelectorAll('ol a')).toHaveLength(1));
    expect(loadPage).toHaveBeenCalledWith(DOC_PAGES.api);
    expect(document.querySelector('ol a')?.getAttribute('href')).toBe(`${DOC_PAGES.api}#sandboxes`);
    input.value = 'acpm';
    input.dispatchEvent(new Event('input'));
    expect(document.querySelector('ol a')?.getAttribute('href')).toBe('#formulas');
    expect(loadPage).toHaveBeenCalledTimes(Object.keys(DOC_PAGES).length - 1);
  });

  it('still searches its own page when the other page cannot be read', async () => {
    document.body.innerHTML = guideHtml(anchorsElsewhere('guide'));
    initDocSearch(document, () => Promise.reject(new Error('offline')));
    const input = document.querySelector('input')!;
    input.value = 'acpm';
    input.dispatchEvent(new Event('input'));
    await Promise.resolve();
    expect(document.querySelector('ol a')?.getAttribute('href')).toBe('#formulas');
  });
});

describe('old deep links', () => {
  it('go on to a part that moved to the other page, keeping the query', () => {
    document.body.innerHTML = guideHtml(anchorsElsewhere('guide'));
    expect(readAnchorsElsewhere(document)).toMatchObject({ sandboxes: DOC_PAGES.api });
    const replace = vi.fn();
    followMovedAnchor(document, { hash: '#sandboxes', search: '?q=x', replace });
    expect(replace).toHaveBeenCalledWith(`${DOC_PAGES.api}?q=x#sandboxes`);
  });

  it('stay on anchors this page has, and on unknown ones', () => {
    document.body.innerHTML = guideHtml(anchorsElsewhere('guide'));
    const replace = vi.fn();
    followMovedAnchor(document, { hash: '#formulas', search: '', replace });
    followMovedAnchor(document, { hash: '#nowhere', search: '', replace });
    followMovedAnchor(document, { hash: '', search: '', replace });
    expect(replace).not.toHaveBeenCalled();
  });
});
