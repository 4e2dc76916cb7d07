/**
 * /api/reference: the API description as a plain server-rendered page (no scripts, no CDN) for
 * people, drawn from the same document as /api/openapi.json.
 */
type Json = Record<string, unknown>;

const escape = (value: unknown) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function fieldsTable(schema: Json | undefined): string {
  const properties = (schema?.properties as Record<string, Json> | undefined) ?? {};
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  const rows = Object.entries(properties).map(([name, value]) => {
    const type =
      value.type ??
      (value.anyOf
        ? (value.anyOf as Json[]).map((v) => String((v.type ?? v.format ?? 'value') as string)).join(' | ')
        : value.enum
          ? 'enum'
          : 'value');
    const detail = value.enum ? (value.enum as unknown[]).join(', ') : (value.format ?? value.pattern ?? '');
    return `<tr><td><code>${escape(name)}</code></td><td>${escape(Array.isArray(type) ? type.join(' | ') : type)}</td><td>${required.has(name) ? 'yes' : ''}</td><td>${escape(detail)}</td></tr>`;
  });
  return rows.length
    ? `<table><thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Values</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
    : '';
}

export function renderReference(document: Json): string {
  const paths = document.paths as Record<string, Record<string, Json>>;
  const schemas = (document.components as { schemas: Record<string, Json> }).schemas;
  const sections = Object.entries(paths)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([url, operations]) => {
      const ops = Object.entries(operations)
        .map(([method, op]) => {
          const params = ((op.parameters as Json[] | undefined) ?? [])
            .map(
              (p) =>
                `<li><code>${escape(p.name)}</code>${p.required ? ' (required)' : ''}: ${escape(p.description ?? '')}</li>`,
            )
            .join('');
          const bodyRef = (
            ((op.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as
              Json | undefined
          )?.schema as Json | undefined;
          const refName = typeof bodyRef?.$ref === 'string' ? bodyRef.$ref.split('/').pop() : undefined;
          const body = refName ? schemas[refName] : bodyRef;
          return `<div class="op"><h3><span class="m m-${method}">${method.toUpperCase()}</span> <code>${escape(url)}</code></h3><p>${escape(op.summary ?? '')}. ${escape(op.description ?? '')}</p>${params ? `<details><summary>Query parameters</summary><ul>${params}</ul></details>` : ''}${body ? `<details><summary>Body</summary>${fieldsTable(body)}</details>` : ''}</div>`;
        })
        .join('');
      return `<section id="${escape(url)}">${ops}</section>`;
    })
    .join('');
  const models = Object.entries(schemas)
    .filter(([name]) => !name.endsWith('Create') && !name.endsWith('Update'))
    .map(
      ([name, schema]) =>
        `<section><h3 id="model-${escape(name)}">${escape(name)}</h3>${fieldsTable(schema)}</section>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>API reference | LAMP</title><style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1e293b;background:#f8fafc}main{max-width:960px;margin:0 auto;padding:1.5rem}
h1{font-size:1.6rem}h2{margin-top:2rem;border-bottom:1px solid #cbd5e1}h3{font-size:1rem;margin:.2rem 0}.op{background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:.75rem 1rem;margin:.5rem 0}
.m{display:inline-block;min-width:4.5em;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .3rem}.m-get{background:#0369a1}.m-post{background:#15803d}.m-put{background:#a16207}.m-delete{background:#b91c1c}
table{border-collapse:collapse;width:100%;font-size:.9rem}td,th{border-bottom:1px solid #e2e8f0;text-align:left;padding:.25rem .5rem;vertical-align:top}code{font-size:.9em;overflow-wrap:anywhere}
@media (max-width:600px){main{padding:.75rem}td,th{padding:.2rem}}
</style></head><body><main><h1>LAMP API reference</h1><p>${escape((document.info as Json).description)} Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<h2>Endpoints</h2>${sections}<h2>Models</h2>${models}</main></body></html>`;
}
