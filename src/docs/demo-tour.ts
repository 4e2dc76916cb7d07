/**
 * The demo script's figures (/documentation/demo): the page is static, its figures are not. Each
 * `[data-tour]` element names a value of GET /api/v1/demo/tour by its path ('featured.measurement.name')
 * and how to write it (`data-format`); `[data-tour-link]` turns an element into a link to a route
 * pattern filled with the value. Without a demo server (production, a CDN without an API in demo
 * mode) the page says so and keeps its placeholders.
 */
import { routeOf } from '../shared/endpoints/routes.ts';
import { formatCount, formatInteger } from '../shared/number-format.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const oneDecimal = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

export function readPath(data: Json, path: string): Json | undefined {
  let value: Json | undefined = data;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    if (Array.isArray(value)) value = key === 'length' ? value.length : value[Number(key)];
    else value = value[key];
  }
  return value;
}

/** A value as the app's screens write it, so that the script reads like what the presenter sees. */
export function formatTourValue(value: Json | undefined, format: string | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    switch (format) {
      case 'impressions':
        return formatCount(value, { compact: true });
      case 'apm':
        return formatInteger(value);
      case 'percent':
        return `${oneDecimal.format(value)}%`;
      case 'seconds':
        return `${oneDecimal.format(value)} s`;
      default:
        return formatCount(value);
    }
  }
  if (typeof value === 'string') {
    if (format === 'day' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return day.format(Date.parse(`${value}T00:00:00Z`));
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => formatTourValue(item, format)).join(', ');
  return null;
}

/** Writes the tour's figures into the page: texts, links, and the parts shown only when a value exists. */
export function fillTour(doc: Document, tour: Json): void {
  for (const element of doc.querySelectorAll<HTMLElement>('[data-tour]')) {
    const text = formatTourValue(readPath(tour, element.dataset.tour ?? ''), element.dataset.format);
    if (text !== null) element.textContent = text;
  }
  for (const element of doc.querySelectorAll<HTMLAnchorElement>('a[data-tour-link]')) {
    const id = readPath(tour, element.dataset.tourLink ?? '');
    const pattern = element.dataset.pattern ?? '';
    if (typeof id === 'string') element.href = pattern.replace(/:[A-Za-z]+/, encodeURIComponent(id));
  }
  for (const element of doc.querySelectorAll<HTMLElement>('[data-tour-if]')) {
    element.hidden = !readPath(tour, element.dataset.tourIf ?? '');
  }
}

/**
 * Writes the address of the API server this page talks to (`apiBase`, else the server that served
 * the page) where the page names it, so a command such as the reset reaches the server in use,
 * on whatever port it runs.
 */
export function fillServerOrigin(doc: Document, apiBase: string, pageOrigin: string): void {
  for (const element of doc.querySelectorAll<HTMLElement>('[data-server-origin]')) {
    element.textContent = apiBase || pageOrigin;
  }
}

export async function loadTour(doc: Document, apiBase: string, fetcher: typeof fetch = fetch): Promise<void> {
  fillServerOrigin(doc, apiBase, doc.location?.origin ?? '');
  const status = doc.querySelector<HTMLElement>('[data-tour-status]');
  try {
    const response = await fetcher(`${apiBase}${routeOf('demoTour').path}`, { credentials: 'include' });
    if (!response.ok) throw new Error(String(response.status));
    const tour = (await response.json()) as Json;
    fillTour(doc, tour);
    if (status) status.dataset.state = 'ready';
  } catch {
    if (status) {
      status.dataset.state = 'unavailable';
      status.textContent =
        'This server does not offer demo figures (it is not in demo mode), so the figures below are placeholders. ' +
        'Open this page on a demo server to read them.';
    }
  }
}
