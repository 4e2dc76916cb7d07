/**
 * Public, build-time configuration shared by the static pages and the app island.
 * Values come from PUBLIC_* environment variables at build time (see README, "Configuration"),
 * so a CDN build can point at another API origin and carry another postal address.
 */
import { DEFAULT_PRODUCT_OWNER_ACCOUNT_IDS } from './demo-data.ts';

export interface PublicConfig {
  /** Origin of the API; empty means "same origin" (the Fastify server serves both). */
  apiBase: string;
  postalAddress: string;
  contactEmail: string;
  supportUrl: string;
  feedbackUrl: string;
  /**
   * Product-owner accounts (allowed into /admin) and the contract banner's exempt list
   * (decisions.md §3). The server reads the same lists from LAMP_PRODUCT_OWNER_ACCOUNTS and
   * LAMP_CONTRACT_EXEMPT_ACCOUNTS and enforces them; the app only hides what it would refuse.
   */
  productOwnerAccountIds: readonly string[];
  contractExemptAccountIds: readonly string[];
  /**
   * Where the user-tracking identify call goes (decisions.md §3; src/lib/analytics.ts): empty for
   * off (the default), 'console' for the browser console, or an https URL (or a same-origin path)
   * that receives each call as a JSON POST.
   */
  analyticsSink: string;
}

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  apiBase: '',
  postalAddress: '1 Attention Yard, London EC1A 1AA, United Kingdom',
  contactEmail: 'hello@lamp.test',
  supportUrl: 'https://support.lamp.test/',
  feedbackUrl: 'https://feedback.lamp.test/survey',
  productOwnerAccountIds: DEFAULT_PRODUCT_OWNER_ACCOUNT_IDS,
  contractExemptAccountIds: DEFAULT_PRODUCT_OWNER_ACCOUNT_IDS,
  analyticsSink: '',
};

/** Reads the PUBLIC_* variables from an env record (import.meta.env in Vite, process.env in Node). */
export function readPublicConfig(env: Record<string, string | boolean | undefined>): PublicConfig {
  const pick = (key: string, fallback: string) => {
    const value = env[key];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
  };
  const list = (key: string, fallback: readonly string[]) => {
    const value = pick(key, '');
    return value
      ? value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean)
      : fallback;
  };
  return {
    apiBase: pick('PUBLIC_API_BASE', DEFAULT_PUBLIC_CONFIG.apiBase).replace(/\/+$/, ''),
    postalAddress: pick('PUBLIC_POSTAL_ADDRESS', DEFAULT_PUBLIC_CONFIG.postalAddress),
    contactEmail: pick('PUBLIC_CONTACT_EMAIL', DEFAULT_PUBLIC_CONFIG.contactEmail),
    supportUrl: pick('PUBLIC_SUPPORT_URL', DEFAULT_PUBLIC_CONFIG.supportUrl),
    feedbackUrl: pick('PUBLIC_FEEDBACK_URL', DEFAULT_PUBLIC_CONFIG.feedbackUrl),
    productOwnerAccountIds: list('PUBLIC_PRODUCT_OWNER_ACCOUNTS', DEFAULT_PUBLIC_CONFIG.productOwnerAccountIds),
    contractExemptAccountIds: list('PUBLIC_CONTRACT_EXEMPT_ACCOUNTS', DEFAULT_PUBLIC_CONFIG.contractExemptAccountIds),
    analyticsSink: pick('PUBLIC_ANALYTICS_SINK', DEFAULT_PUBLIC_CONFIG.analyticsSink),
  };
}
