/**
 * Page modules by name (see src/app/routes): every `src/app/pages/*Page.tsx` and
 * `src/app/features/<feature>/*Page.tsx`, each its own lazily loaded chunk. A name without a module
 * renders the "not available yet" page.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageName, PageProps } from './routes/index.ts';
import { NOT_AVAILABLE_PAGE, pageModuleKey } from './routes/page-module.ts';

type PageModule = { default: ComponentType<PageProps> };

const modules = import.meta.glob<PageModule>(['./pages/*Page.tsx', './features/*/*Page.tsx']);

export function pageExists(name: PageName): boolean {
  return pageModuleKey(name) in modules;
}

function moduleKeyOf(name: PageName): string {
  return pageExists(name) ? pageModuleKey(name) : pageModuleKey(NOT_AVAILABLE_PAGE);
}

/** Pages whose module has arrived (through loadPage), by module key. */
const arrived = new Map<string, ComponentType<PageProps>>();

/**
 * Downloads a page's chunk without rendering it: the app asks for the route's page as soon as it
 * starts, so the chunk arrives while the current user and the accounts load instead of after
 * them. `lazy` later calls the same loader, which the module system answers from cache.
 */
export async function loadPage(name: PageName): Promise<void> {
  const key = moduleKeyOf(name);
  const module = await (modules[key] as () => Promise<PageModule>)();
  arrived.set(key, module.default);
}

/** loadPage for a page that may not be shown: a failed download is reported when it renders. */
export function preloadPage(name: PageName): void {
  loadPage(name).catch(() => {});
}

const cache = new Map<string, ComponentType<PageProps>>();

/**
 * The page's component: the module itself when it has already arrived (the first screen, whose
 * page the app loaded before drawing), so the page draws without suspending; otherwise a `lazy`
 * one. Each page keeps the component it was first given, so a page never remounts because its
 * module arrived in between.
 */
export function pageComponent(
  name: PageName,
): ComponentType<PageProps> | LazyExoticComponent<ComponentType<PageProps>> {
  const key = moduleKeyOf(name);
  let component = cache.get(key);
  if (!component) {
    component = arrived.get(key) ?? lazy(modules[key] as () => Promise<PageModule>);
    cache.set(key, component);
  }
  return component;
}
