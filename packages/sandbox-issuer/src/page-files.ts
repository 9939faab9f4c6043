import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';

/**
 * A sandbox's back-office page and its own policy: its script and stylesheet are files served by the
 * sandbox itself, its calls go to the sandbox, nothing inline runs and nothing loads from elsewhere.
 */
export const SANDBOX_PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };

/**
 * Serves `/` (the page's HTML) with the policy, and each of `files` at `/files/<name>`, read from disk
 * at each request. Files are named by their package's export (`@wallet/<package>/dev-page/<name>`):
 * this module may run bundled into the compiled server, away from its src/.
 */
export function servePage(app: FastifyInstance, { html, files }: { html: string; files: string[] }): void {
  const require = createRequire(import.meta.url);
  app.get('/', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', SANDBOX_PAGE_POLICY)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(html),
  );
  for (const file of files) {
    const name = file.slice(file.lastIndexOf('/') + 1);
    const type = TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
    app.get(`/files/${name}`, async (_request, reply) =>
      reply
        .type(type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-cache')
        .send(await readFile(require.resolve(file))),
    );
  }
}

/** The page's HTML around `body`, loading the shared sandbox stylesheet and `script`. */
export function pageHtml(title: string, body: string, script: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><link rel="stylesheet" href="/files/sandbox.css"><script src="/files/${script}" defer></script></head><body>
${body}
</body></html>`;
}

/** The stylesheet both sandboxes' pages share. */
export const SANDBOX_CSS = '@wallet/sandbox-issuer/dev-page/sandbox.css';
