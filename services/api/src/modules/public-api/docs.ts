import { ERROR_CODES, MESSAGES } from '@product-console/shared';
import { V1_PROBLEM_TYPES } from './problem.js';

/*
 * The reference page of `/api/v1` (`/api/v1/docs`): one self-contained HTML page written from the
 * OpenAPI document, with no script and nothing loaded from elsewhere (decision 085). Each problem
 * type has its section here, which the `type` URIs of problem answers point at.
 */

type Json = Record<string, unknown>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/** Inline code (`…`) of the document's descriptions, the only markup they use. */
const prose = (text: unknown) => (typeof text === 'string' ? escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>') : '');

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function schemaBlock(schema: unknown): string {
  return schema ? `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>` : '';
}

function operationSection(path: string, method: string, operation: Json): string {
  const id = String(operation.operationId ?? `${method}-${path}`);
  const parameters = (operation.parameters as Json[] | undefined) ?? [];
  const body = (operation.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.['application/json']?.schema;
  const responses = Object.entries((operation.responses as Record<string, Json> | undefined) ?? {});
  const rows = parameters
    .map(
      (parameter) =>
        `<tr><td><code>${escapeHtml(String(parameter.name))}</code></td><td>${escapeHtml(String(parameter.in))}</td><td>${parameter.required ? 'yes' : 'no'}</td><td>${prose((parameter.schema as Json | undefined)?.description ?? parameter.description)}</td></tr>`,
    )
    .join('');
  return `<section id="${escapeHtml(id)}" class="operation">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p><strong>${prose(operation.summary)}</strong></p>
<p>${prose(operation.description)}</p>
${rows ? `<table><thead><tr><th>Parameter</th><th>In</th><th>Required</th><th>About</th></tr></thead><tbody>${rows}</tbody></table>` : ''}
${body ? `<details><summary>Request body (JSON)</summary>${schemaBlock(body)}</details>` : ''}
<ul class="responses">${responses.map(([status, response]) => `<li><code>${escapeHtml(status)}</code> ${prose(response.description)}</li>`).join('')}</ul>
</section>`;
}

export function referencePage(document: unknown): string {
  const doc = document as { info: { title: string; version: string; description?: string }; paths?: Record<string, Json>; components?: { schemas?: Json } };
  const operations: { tag: string; html: string; id: string; label: string }[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const tag = ((operation.tags as string[] | undefined) ?? ['other'])[0];
      const id = String(operation.operationId ?? `${method}-${path}`);
      operations.push({ tag, id, label: `${method.toUpperCase()} ${path}`, html: operationSection(path, method, operation) });
    }
  }
  const tags = [...new Set(operations.map((operation) => operation.tag))];
  const problems = [
    ...Object.entries(V1_PROBLEM_TYPES).map(([slug, [status, title]]) => [slug, status, title] as const),
    ...Object.entries(ERROR_CODES).map(([name, code]) => [code, Number(code.slice(1, 4)), (MESSAGES as Record<string, string>)[name.toLowerCase().replace(/_(\w)/g, (_m, c: string) => c.toUpperCase())] ?? name] as const),
  ];
  const schemas = Object.entries(doc.components?.schemas ?? {});
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} ${escapeHtml(doc.info.version)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1b1f24;background:#fff}
header{padding:24px 32px;border-bottom:1px solid #d8dee4}
main{display:grid;grid-template-columns:300px minmax(0,1fr);gap:32px;padding:0 32px}
nav{position:sticky;top:0;align-self:start;max-height:100vh;overflow:auto;padding:16px 0}
nav a{display:block;color:#0b5cad;text-decoration:none;padding:2px 0;font-size:14px;overflow-wrap:anywhere}
nav a:focus,nav a:hover{text-decoration:underline}
.operation{border-top:1px solid #d8dee4;padding:12px 0}
.method{display:inline-block;min-width:56px;text-align:center;border-radius:4px;color:#fff;font-size:13px;padding:2px 6px}
.get{background:#1a7f37}.post{background:#0b5cad}.put{background:#9a6700}.patch{background:#8250df}.delete{background:#cf222e}
pre{background:#f6f8fa;padding:12px;overflow:auto;font-size:13px;max-height:480px}
table{border-collapse:collapse}td,th{border:1px solid #d8dee4;padding:4px 8px;text-align:left}
code{font-family:ui-monospace,monospace;font-size:13px}
@media (max-width:800px){main{grid-template-columns:1fr}nav{position:static;max-height:none}}
</style></head><body>
<header><h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${prose(doc.info.description)}</p><p>The machine-readable document: <a href="/api/v1/openapi.json"><code>/api/v1/openapi.json</code></a> (OpenAPI 3.1).</p></header>
<main><nav aria-label="Operations">${tags
    .map((tag) => `<strong>${escapeHtml(tag)}</strong>${operations.filter((operation) => operation.tag === tag).map((operation) => `<a href="#${escapeHtml(operation.id)}">${escapeHtml(operation.label)}</a>`).join('')}`)
    .join('')}<strong>More</strong><a href="#problems">Problems</a><a href="#schemas">Schemas</a></nav>
<div>${tags.map((tag) => `<h2>${escapeHtml(tag)}</h2>${operations.filter((operation) => operation.tag === tag).map((operation) => operation.html).join('')}`).join('')}
<h2 id="problems">Problems</h2><p>Errors are <code>application/problem+json</code> (RFC 9457); <code>type</code> points at one of these sections.</p>
<dl>${problems.map(([slug, status, title]) => `<dt id="problem-${escapeHtml(String(slug))}"><code>${escapeHtml(String(slug))}</code> (${status})</dt><dd>${escapeHtml(String(title))}</dd>`).join('')}</dl>
<h2 id="schemas">Schemas</h2>${schemas.map(([name, schema]) => `<details id="schema-${escapeHtml(name)}"><summary>${escapeHtml(name)}</summary>${schemaBlock(schema)}</details>`).join('')}
</div></main></body></html>`;
}
