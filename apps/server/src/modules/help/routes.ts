import {
  errorReplySchema,
  helpArticleReplySchema,
  helpCategoryReplySchema,
  helpHomeReplySchema,
  helpIdParamsSchema,
  helpPopupsReplySchema,
  helpSearchQuerySchema,
  helpSearchReplySchema,
  helpServiceReplySchema,
  okReplySchema,
} from '@wallet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, signedIn } from '../auth/sessions';
import { dismissPopup, type HelpDeps, helpArticle, helpCategory, helpHome, helpService, pendingPopups, searchHelp } from './service';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const tags = ['help'];

/** The help centre and the support contacts: public, readable signed out, in the Accept-Language given. */
export const helpRoutes: FastifyPluginAsyncZod<{ deps: HelpDeps }> = async (app, { deps }) => {
  app.get(
    '/api/v1/help',
    {
      schema: {
        tags,
        summary: 'Help centre: announcements, FAQ categories and guides',
        response: { 200: helpHomeReplySchema, ...errors },
      },
    },
    async (request) => helpHome(deps, request.language),
  );

  app.get(
    '/api/v1/help/categories/:id',
    {
      schema: {
        tags,
        summary: 'A FAQ category with its questions and answers (Markdown)',
        params: helpIdParamsSchema,
        response: { 200: helpCategoryReplySchema, ...errors },
      },
    },
    async (request) => helpCategory(deps, request.params.id, request.language),
  );

  app.get(
    '/api/v1/help/articles/:id',
    {
      schema: {
        tags,
        summary: 'An article (Markdown) with its related articles',
        description: "In the member's language, else English, else Chinese, else any; `language` says which.",
        params: helpIdParamsSchema,
        response: { 200: helpArticleReplySchema, ...errors },
      },
    },
    async (request) => helpArticle(deps, request.params.id, request.language),
  );

  app.get(
    '/api/v1/help/search',
    {
      schema: {
        tags,
        summary: 'Search the help centre (titles and texts, any script)',
        querystring: helpSearchQuerySchema,
        response: { 200: helpSearchReplySchema, ...errors },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => searchHelp(deps, request.query.q, request.language),
  );

  app.get(
    '/api/v1/help/service',
    {
      schema: { tags, summary: 'Support contacts and opening hours', response: { 200: helpServiceReplySchema, ...errors } },
    },
    async (request) => helpService(deps, request.language),
  );
};

const security = [{ bearer: [] }];

/** Pop-up announcements: each shown once to a member, until they dismiss it. */
export const helpPopupRoutes: FastifyPluginAsyncZod<{ deps: HelpDeps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireSession(deps.db, deps.clock));

  app.get(
    '/api/v1/help/popups',
    {
      schema: {
        tags,
        security,
        summary: 'Pop-up announcements I have not dismissed, oldest first',
        response: { 200: helpPopupsReplySchema, ...errors },
      },
    },
    async (request) => pendingPopups(deps, signedIn(request).userId, request.language),
  );

  app.post(
    '/api/v1/help/popups/:id/dismiss',
    {
      schema: {
        tags,
        security,
        summary: 'Dismiss a pop-up announcement: it does not show again (repeating is harmless)',
        params: helpIdParamsSchema,
        response: { 200: okReplySchema, ...errors },
      },
    },
    async (request) => {
      await dismissPopup(deps, signedIn(request).userId, request.params.id);
      return { ok: true as const };
    },
  );
};
