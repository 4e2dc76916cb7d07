/** Business constants and limits of lamp-spec.md §9: the one place they are written down. */

export const PRODUCT_NAME = 'LAMP';
export const TAGLINE = 'Attention Measurement Platform';
export const TITLE_SUFFIX = 'LAMP';
export const VERSION_LABEL = '1.16.4';

/** Builds a browser title; every page title ends with LAMP. */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${TITLE_SUFFIX}` : TITLE_SUFFIX;
}

export const MIN_PASSWORD_SCORE = 2;
export const STRENGTH_SCRIPT_TIMEOUT_MS = 5000;
export const STRENGTH_SCRIPT_POLL_MS = 100;

export const BUTTON_REENABLE_MS = 1000;
export const ERROR_PLACEHOLDER_ALERT_DELAY_MS = 100;
export const RESET_REDIRECT_MS = 2000;
export const ACCOUNT_SWITCH_LOADING_MS = 500;

/** The query flag the login page adds to the first app URL after signing in (spec §2). */
export const LOGIN_QUERY_FLAG = 'login';

export const FULL_LIST_PAGE_SIZE = 5000;
export const AUTO_REFRESH_MS = 5000;
export const GLOBAL_SEARCH_PAGE_SIZE = 10;
export const RECENT_SEARCHES_MAX = 10;

export const SEARCH_FOCUS_DELAY_MS = 500;
export const MENU_TYPEAHEAD_RESET_MS = 350;
export const SIDEBAR_SEARCH_DEBOUNCE_MS = 125;
export const TOUCH_TAP_THRESHOLD_PX = 30;

export const SIDEBAR_DEFAULT_WIDTH = 290;
export const SIDEBAR_COLLAPSED_WIDTH = 0;
export const SIDEBAR_MIN_WIDTH = 0;
export const SIDEBAR_MAX_WIDTH = 500;
export const ALERT_SLIDE_MS = 500;
export const MODAL_HIDE_MS = 200;

export const DEFAULT_PRIMARY_COLOUR = '#00badb';
/** Tailwind's slate-700. */
export const DEFAULT_SECONDARY_COLOUR = '#334155';
export const LOGO_HEIGHT_PX = 37;
export const CONTRACT_BANNER_HEIGHT_PX = 48;

export const SELECT_MIN_SPACE_BELOW_PX = 200;
export const SELECT_LAYER_Z_INDEX = 9999;

export const ROLE_ORDER = ['read', 'write', 'admin', 'root', 'super'] as const;
/** The roles an access grant gives in one account; root and super are global, never granted there. */
export const ACCOUNT_ROLES = ['read', 'write', 'admin'] as const;
export const ACCOUNT_TYPES = ['agency', 'agency_self_serve', 'partner'] as const;

/** Spec §3 "Select option": 'Select All' has id '*'; an option the user typed in carries the marker. */
export const SELECT_ALL_ID = '*';
export const NEW_OPTION_MARKER = '__isNew__';
export interface SelectOption {
  id: string;
  name: string;
  role?: string;
  [NEW_OPTION_MARKER]?: true;
}
