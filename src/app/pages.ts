/**
 * Page modules by name (see src/app/routes): every `src/app/pages/*Page.tsx` and
 * `src/app/features/<feature>/*Page.tsx`, each its own lazily loaded chunk. A name without a module
 * renders the "not available yet" page.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageProps } from './routes/index.ts';

type PageModule = { default: ComponentType<PageProps> };

const modules = import.meta.glob<PageModule>(['./pages/*Page.tsx', './features/*/*Page.tsx']);

export function pageModuleKey(name: string): string {
  return name.startsWith('pages/') ? `./${name}.tsx` : `./features/${name}.tsx`;
}

export function pageExists(name: string): boolean {
  return pageModuleKey(name) in modules;
}

const cache = new Map<string, LazyExoticComponent<ComponentType<PageProps>>>();

export function pageComponent(name: string): LazyExoticComponent<ComponentType<PageProps>> {
  const key = pageExists(name) ? pageModuleKey(name) : pageModuleKey('pages/NotAvailablePage');
  let component = cache.get(key);
  if (!component) {
    const load = modules[key] as () => Promise<PageModule>;
    component = lazy(load);
    cache.set(key, component);
  }
  return component;
}

/**
 * Starts downloading a page's chunk without rendering it: the app asks for the route's page as
 * soon as it starts, so the chunk arrives while the current user and the accounts load instead
 * of after them. `lazy` later calls the same loader, which the module system answers from cache.
 */
export function preloadPage(name: string): void {
  const key = pageExists(name) ? pageModuleKey(name) : pageModuleKey('pages/NotAvailablePage');
  void (modules[key] as () => Promise<PageModule>)().catch(() => {
    // A failed download is reported when the page renders (its error boundary).
  });
}
