/**
 * The measurement tags a trafficker pastes into an ad server: a JavaScript display tag, a VAST 4.1
 * verification snippet and an impression pixel, each carrying the ad server's third-party macros so
 * that delivery can later be broken down by creative, campaign and site (domain/attention.md
 * "Tags and imports"). The tag export (server/routes/measurements/measurement-tags.ts) builds them here, and the
 * documentation renders its examples with the same function, so the two cannot drift apart.
 */
import type { GeneratedTag, TagType } from './measurement-api.ts';

/** The tag host; a production deployment would configure its CDN here. */
export const TAG_HOST = 'https://tags.lamp-attention.com';

/** Only the id of a measurement goes into its tags. */
export type TaggedMeasurement = { id: string };

export interface VendorMacros {
  vendor: { id: string; name: string } | null;
  macros: { parameter: string; macro: string }[];
}

/** Query string of a tag: the measurement, then each macro under its parameter name, unencoded (the ad server expands them). */
function tagQueryString(
  measurement: TaggedMeasurement,
  macros: VendorMacros['macros'],
  extra: Record<string, string> = {},
): string {
  const parts = [`mid=${measurement.id}`, ...Object.entries(extra).map(([k, v]) => `${k}=${encodeURIComponent(v)}`)];
  for (const { parameter, macro } of macros) parts.push(`${encodeURIComponent(parameter)}=${macro}`);
  return parts.join('&');
}

export function buildTags(
  measurement: TaggedMeasurement,
  info: VendorMacros,
  types: readonly TagType[],
): GeneratedTag[] {
  const vendorName = info.vendor?.name ?? 'No ad server';
  const tags: GeneratedTag[] = [];
  for (const type of types) {
    if (type === 'display') {
      const qs = tagQueryString(measurement, info.macros, { t: 'display' });
      tags.push({
        type,
        title: 'JavaScript display tag',
        vendor: vendorName,
        code: `<script async src="${TAG_HOST}/v1/lamp.js?${qs}"></script>`,
      });
    } else if (type === 'video') {
      const qs = tagQueryString(measurement, info.macros, { t: 'video' });
      tags.push({
        type,
        title: 'VAST 4.1 verification (AdVerifications)',
        vendor: vendorName,
        code: [
          '<AdVerifications>',
          '  <Verification vendor="lamp-attention.com-omid">',
          `    <JavaScriptResource apiFramework="omid" browserOptional="true"><![CDATA[${TAG_HOST}/v1/omid.js]]></JavaScriptResource>`,
          `    <VerificationParameters><![CDATA[${qs}]]></VerificationParameters>`,
          '  </Verification>',
          '</AdVerifications>',
        ].join('\n'),
      });
    } else {
      const qs = tagQueryString(measurement, info.macros, { t: 'pixel' });
      tags.push({
        type,
        title: 'Impression pixel',
        vendor: vendorName,
        code: `<img src="${TAG_HOST}/v1/px.gif?${qs}" width="1" height="1" alt="" style="display:none">`,
      });
    }
  }
  return tags;
}
