/**
 * Public, build-time configuration shared by the static pages and the app island.
 * Values come from PUBLIC_* environment variables at build time (see README, "Configuration"),
 * so a CDN build can point at another API origin and carry another postal address.
 */
export interface PublicConfig {
  /** Origin of the API; empty means "same origin" (the Fastify server serves both). */
  apiBase: string;
  postalAddress: string;
  contactEmail: string;
  supportUrl: string;
  feedbackUrl: string;
}

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  apiBase: '',
  postalAddress: '1 Attention Yard, London EC1A 1AA, United Kingdom',
  contactEmail: 'hello@lamp.test',
  supportUrl: 'https://support.lamp.test/',
  feedbackUrl: 'https://feedback.lamp.test/survey',
};

/** Reads the PUBLIC_* variables from an env record (import.meta.env in Vite, process.env in Node). */
export function readPublicConfig(env: Record<string, string | boolean | undefined>): PublicConfig {
  const pick = (key: string, fallback: string) => {
    const value = env[key];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
  };
  return {
    apiBase: pick('PUBLIC_API_BASE', DEFAULT_PUBLIC_CONFIG.apiBase).replace(/\/+$/, ''),
    postalAddress: pick('PUBLIC_POSTAL_ADDRESS', DEFAULT_PUBLIC_CONFIG.postalAddress),
    contactEmail: pick('PUBLIC_CONTACT_EMAIL', DEFAULT_PUBLIC_CONFIG.contactEmail),
    supportUrl: pick('PUBLIC_SUPPORT_URL', DEFAULT_PUBLIC_CONFIG.supportUrl),
    feedbackUrl: pick('PUBLIC_FEEDBACK_URL', DEFAULT_PUBLIC_CONFIG.feedbackUrl),
  };
}
