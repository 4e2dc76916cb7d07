import { describe, expect, it } from 'vitest';
import { loadPage, pageComponent } from '../../../src/app/pages.ts';

// React marks a lazy component with this type; a module's own component is a plain function.
const LAZY = Symbol.for('react.lazy');
const isLazy = (component: unknown) => (component as { $$typeof?: symbol }).$$typeof === LAZY;

describe('page components', () => {
  it('a page whose module has arrived draws from it, without suspending', async () => {
    await loadPage('pages/HomePage');
    const Home = pageComponent('pages/HomePage');
    expect(isLazy(Home)).toBe(false);
    expect(typeof Home).toBe('function');
  });

  it('a page first asked for before its module arrived keeps its lazy component, so it never remounts', async () => {
    const Settings = pageComponent('pages/SettingsPage');
    expect(isLazy(Settings)).toBe(true);
    await loadPage('pages/SettingsPage');
    expect(pageComponent('pages/SettingsPage')).toBe(Settings);
  });
});
