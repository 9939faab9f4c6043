import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { REPO_ROOT } from './paths';

/**
 * The development pages' own policy (/dev/mail, /dev/chain): their scripts and stylesheets are files
 * of this site, their calls and forms go to this site, and nothing inline runs. The app's API policy
 * (default-src 'none') would refuse all of it, and the web app's is the app's.
 */
export const DEV_PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The files the development pages load, read from apps/server/dev-pages at each request (edit and reload). */
const DEV_FILES: Record<string, string> = {
  'dev-page.css': 'text/css; charset=utf-8',
  'dev-chain.js': 'text/javascript; charset=utf-8',
};
const DEV_FILES_DIR = path.join(REPO_ROOT, 'apps/server/dev-pages');

/** Development only (never registered in production): serves the development pages' files. */
export const devFileRoutes: FastifyPluginAsync = async (app) => {
  for (const [name, type] of Object.entries(DEV_FILES))
    app.get(`/dev/files/${name}`, { schema: { hide: true } }, async (_request, reply) => {
      reply.type(type).header('cache-control', 'no-cache');
      return readFile(path.join(DEV_FILES_DIR, name));
    });
};

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A development page: the shared stylesheet, its own scripts, and its own policy on the reply. */
export function devPage(
  reply: FastifyReply,
  { title, body, scripts = [], head = '' }: { title: string; body: string; scripts?: string[]; head?: string },
): string {
  reply.type('text/html; charset=utf-8').header('content-security-policy', DEV_PAGE_POLICY).header('cache-control', 'no-store');
  const tags = scripts.map((name) => `<script src="/dev/files/${name}" defer></script>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${head}<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/dev/files/dev-page.css">${tags}</head><body>${body}</body></html>`;
}
