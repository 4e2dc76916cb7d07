import { LOGO_HEIGHT_PX, PRODUCT_NAME } from '../../shared/constants.ts';
import { PAGE_INTRO_CLASS, PAGE_TITLE_CLASS } from '../shared/PageHeader.tsx';
import { Spinner } from '../shared/Spinner.tsx';
import { FRAME_TITLE_SLOT } from './frame-slots.ts';

/**
 * The app's frame before anyone is known: the top bar with the product's mark and a skeleton of a
 * page. Astro renders it into the app's HTML (src/pages/app.astro), so a phone paints it before any
 * JavaScript has arrived; the island keeps it while the current user loads (App.tsx's LoadingShell)
 * and takes it away when it draws the shell or a page. It names nobody: a signed-out visitor sees
 * it only until the island sends them to sign in.
 *
 * The bar's classes are the real bar's (TopNav.tsx reads them from here), so the bar and the logo
 * do not move when the shell takes over.
 */
/**
 * The bar is the account's secondary colour, which carries white text; the page's focus ring (the
 * primary's dark shade) nearly vanishes on it, so inside the bar the ring is white like its text.
 */
export const TOP_BAR_CLASS = 'relative z-40 bg-secondary text-white shadow-sm [&_:focus-visible]:outline-white';
export const TOP_BAR_ROW_CLASS = 'flex h-16 items-center gap-2 px-3 sm:px-4';
export const MENU_BUTTON_CLASS = '-ml-1 rounded-md p-2 text-slate-100 hover:bg-white/10 md:hidden';
export const LOGO_LINK_CLASS = 'flex shrink-0 items-center gap-2 rounded text-white no-underline';
/** The page area's width and padding (Shell.tsx), narrow or wide as the route says. */
export const pageAreaClass = (narrow: boolean | undefined) =>
  `mx-auto px-4 py-5 sm:px-6 lg:px-8 ${narrow ? 'max-w-4xl' : 'max-w-7xl'}`;

/** LAMP's own mark: the product's logo where the account has none. */
export function LogoMark() {
  return (
    <span aria-hidden="true" className="flex items-center gap-2" style={{ height: LOGO_HEIGHT_PX }}>
      <svg viewBox="0 0 32 32" style={{ height: LOGO_HEIGHT_PX - 7 }} className="w-auto">
        <circle cx="16" cy="16" r="15" fill="var(--lamp-primary)" />
        <path
          d="M10 9v14h11"
          stroke="white"
          strokeWidth="3.2"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="text-lg font-bold tracking-wide">{PRODUCT_NAME}</span>
    </span>
  );
}

/** The three bars of the phone's menu button. */
export function MenuIcon({ open = false }: { open?: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

/** The magnifier of the search button and of the search box. */
export function SearchIcon({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={className} fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="9" cy="9" r="6" />
      <path d="M14 14l4 4" />
    </svg>
  );
}

const BLOCK = 'rounded-md bg-slate-200/70';

/** The frame with a page skeleton (breadcrumb, title, a row of figures, a table) and a spinner. */
export function Frame({ id }: { id?: string }) {
  return (
    <div id={id} className="flex min-h-screen flex-col" data-testid="loading-shell">
      <header className={TOP_BAR_CLASS}>
        <div className={TOP_BAR_ROW_CLASS}>
          <span className={MENU_BUTTON_CLASS}>
            <MenuIcon />
          </span>
          <span className={LOGO_LINK_CLASS}>
            <LogoMark />
          </span>
        </div>
      </header>
      <div className={`w-full ${pageAreaClass(false)}`} aria-hidden="true">
        <div className={`h-4 w-40 ${BLOCK}`} />
        {/* A skeleton block, or the page's title and intro as the page draws them (frame-slots.ts). */}
        <div {...{ [FRAME_TITLE_SLOT]: '' }}>
          <div className={`mt-4 h-8 w-72 max-w-full ${BLOCK}`} />
          <div className="mt-4" hidden>
            <h1 className={PAGE_TITLE_CLASS} />
            <p className={PAGE_INTRO_CLASS} />
          </div>
        </div>
        <div className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className={`h-24 ${BLOCK}`} />
          ))}
        </div>
        <div className={`mt-6 h-64 ${BLOCK}`} />
      </div>
      <div className="flex justify-center pb-6">
        <Spinner label="Loading LAMP" />
      </div>
    </div>
  );
}
