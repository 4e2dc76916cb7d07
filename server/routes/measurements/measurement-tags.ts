/**
 * Measurement tags: what a trafficker pastes into an ad server (GET /api/v1/measurement-tag/download),
 * and a bulk upload of placements and creatives (POST /api/v1/measurement-tag/upload).
 *
 * Every tag carries the chosen ad server's third-party macros, so that delivery can later be
 * broken down by creative, campaign and site (domain/attention.md "Tags and imports").
 */
import { routePlugin } from '../../plugins/named.ts';
import type { FastifyInstance } from 'fastify';
import { CsvError, parseCsv } from '../../../src/shared/csv.ts';
import { type RowIssue, type TagType } from '../../../src/shared/measurement-api.ts';
import type { Measurement } from '../../../src/shared/schemas/index.ts';
import { buildTags, type VendorMacros } from '../../../src/shared/tags.ts';
import { checkedMeasurement, httpError, measurementPolicy, resolveColumns } from './measurement-access.ts';
import { newId, type StoredRow } from '../../store/repositories.ts';
import { nowIso } from '../../sandbox/context.ts';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import { routeFrom } from '../endpoint-route.ts';

function vendorMacros(app: FastifyInstance, measurement: Measurement, vendorId: string | undefined): VendorMacros {
  const id = vendorId ?? measurement.ad_server;
  if (!id) return { vendor: null, macros: [] };
  const vendor = app.repositories['third-party-macro-vendor'].byId(id);
  if (!vendor) throw httpError(400, 'Unknown ad server vendor');
  const macros = app.repositories['third-party-macro']
    .findBy('vendor', id)
    .filter((m) => m.vendor === id && (m.account === null || m.account === measurement.account))
    .map((m) => ({ parameter: String(m.parameter), macro: String(m.macro) }));
  return { vendor: { id: vendor.id, name: vendor.name }, macros };
}

const safeFileName = (name: string) => name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'measurement';

/** The columns a tag upload needs, as upload-template targets. */
const TAG_UPLOAD_TARGETS = {
  placement: 'Placement name',
  creative: 'Creative name',
} as const;

export function measurementTagRoutes(app: FastifyInstance): void {
  routeFrom(
    app,
    endpoints.tagDownload,
    {
      config: { access: measurementPolicy(app) },
      description:
        "A JavaScript display tag, a VAST 4.1 verification snippet and an impression pixel, each carrying the ad server's " +
        'third-party macros. format=txt (default) answers a text file to download; format=json answers the tags for display.',
    },
    async (request, reply) => {
      const query = request.query;
      const measurement = checkedMeasurement(app, request, query.measurement);
      const info = vendorMacros(app, measurement, query.vendor);
      const types: TagType[] = query.type === 'all' ? ['display', 'video', 'pixel'] : [query.type];
      const tags = buildTags(measurement, info, types);
      if (query.format === 'json') {
        return { data: { measurement: measurement.id, vendor: info.vendor, macros: info.macros, tags } };
      }
      const body = [
        `# LAMP measurement tags`,
        `# Measurement: ${measurement.name} (${measurement.id})`,
        `# Ad server: ${info.vendor?.name ?? 'none'}`,
        '',
        ...tags.flatMap((t) => [`## ${t.title}`, t.code, '']),
      ].join('\n');
      const file = `${safeFileName(measurement.name)}-${info.vendor ? safeFileName(info.vendor.name) : 'tags'}.txt`;
      return (
        reply
          .header('content-type', 'text/plain; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file}"`)
          // A text/plain payload bypasses the JSON serializer; the schema's type covers only the JSON form.
          .send(body as never)
      );
    },
  );

  routeFrom(
    app,
    endpoints.tagUpload,
    {
      config: { access: measurementPolicy(app, 'measurement.write') },
      description:
        'Reads a CSV of placements and creatives through an upload template (source column → target field; ' +
        'targets placement and creative are required, channel, format, media_partner, click_url, width, height optional). ' +
        'Answers a per-row report. A file with any bad row saves nothing; a valid file creates one tag per row ' +
        '(unless dry_run).',
    },
    async (request) => {
      const body = request.body;
      const measurement = checkedMeasurement(app, request, body.measurement);
      const stored = app.repositories['upload-template'].byId(body.upload_template);
      const template = (
        stored && (stored.account === null || stored.account === measurement.account) ? stored : undefined
      ) as { columns: { source: string; target: string }[] } | undefined;
      if (!template) throw httpError(400, 'Choose an upload template');

      const fileErrors: RowIssue[] = [];
      let parsed;
      try {
        parsed = parseCsv(body.csv);
      } catch (error) {
        const line = error instanceof CsvError ? error.line : 1;
        return {
          data: {
            valid: false,
            saved: 0,
            rows: [],
            errors: [{ line, column: null, message: (error as Error).message }],
          },
        };
      }
      const columnOf = resolveColumns(parsed.header, template.columns);
      for (const [target, label] of Object.entries(TAG_UPLOAD_TARGETS)) {
        if (!columnOf.has(target)) {
          const source = template.columns.find((c) => c.target === target)?.source;
          fileErrors.push({
            line: 1,
            column: source ?? target,
            message: source
              ? `Missing column '${source}' (${label})`
              : `The template does not map a column to ${label.toLowerCase()}`,
          });
        }
      }
      if (parsed.rows.length === 0) fileErrors.push({ line: 1, column: null, message: 'The file has no data rows' });
      if (parsed.rows.length > 5000)
        fileErrors.push({ line: 1, column: null, message: 'The file has more than 5,000 rows' });
      if (fileErrors.length) return { data: { valid: false, saved: 0, rows: [], errors: fileErrors } };

      const lookupNames = (resource: 'advertising-channel' | 'format' | 'media-partner') =>
        new Set(app.repositories[resource].all().map((r) => String(r.name).toLowerCase()));
      const known = {
        channel: lookupNames('advertising-channel'),
        format: lookupNames('format'),
        media_partner: lookupNames('media-partner'),
      };
      const cell = (row: string[], target: string) => {
        const index = columnOf.get(target);
        return index === undefined ? '' : (row[index] ?? '').trim();
      };
      const seen = new Set<string>();
      const report = parsed.rows.map((row, i) => {
        const line = parsed.lines[i] ?? i + 2;
        const errors: string[] = [];
        const placement = cell(row, 'placement');
        const creative = cell(row, 'creative');
        if (row.length !== parsed.header.length) {
          errors.push(`Expected ${parsed.header.length} values, found ${row.length}`);
        }
        if (!placement) errors.push('Placement name is required');
        else if (placement.length > 200) errors.push('Placement name must be at most 200 characters');
        if (!creative) errors.push('Creative name is required');
        else if (creative.length > 200) errors.push('Creative name must be at most 200 characters');
        for (const target of ['channel', 'format', 'media_partner'] as const) {
          const value = cell(row, target);
          if (value && !known[target].has(value.toLowerCase())) {
            errors.push(`Unknown ${target.replace('_', ' ')} '${value}'`);
          }
        }
        const clickUrl = cell(row, 'click_url');
        if (clickUrl && !/^https:\/\/[^\s]+$/.test(clickUrl)) errors.push('Click URL must start with https://');
        for (const target of ['width', 'height'] as const) {
          const value = cell(row, target);
          if (value && !/^[1-9]\d{0,3}$/.test(value))
            errors.push(`${target === 'width' ? 'Width' : 'Height'} must be a whole number of pixels`);
        }
        const key = `${placement.toLowerCase()}|${creative.toLowerCase()}`;
        if (placement && creative) {
          if (seen.has(key)) errors.push('Duplicate placement and creative');
          seen.add(key);
        }
        return { line, placement, creative, status: errors.length ? ('error' as const) : ('ok' as const), errors };
      });
      const valid = report.every((r) => r.status === 'ok');
      let saved = 0;
      if (valid && !body.dry_run) {
        const info = vendorMacros(app, measurement, undefined);
        const [displayTag] = buildTags(measurement, info, ['display']);
        // One write for the whole file: the repository re-indexes on its next read.
        const tags: StoredRow[] = [];
        const now = nowIso();
        for (const r of report) {
          const placementParam = `&placement=${encodeURIComponent(r.placement)}&creative=${encodeURIComponent(r.creative)}`;
          tags.push({
            id: newId(),
            created_at: now,
            account: measurement.account,
            measurement: measurement.id,
            name: `${r.placement} — ${r.creative}`.slice(0, 200),
            third_party_macro: null,
            tag: (displayTag?.code ?? '').replace('"></script>', `${placementParam}"></script>`),
          });
          saved += 1;
        }
        await app.repositories['measurement-tag'].insertMany(tags as never);
      }
      return { data: { valid, saved, rows: report, errors: [] } };
    },
  );
}

export const measurementTagsPlugin = routePlugin('measurement-tags', measurementTagRoutes);
