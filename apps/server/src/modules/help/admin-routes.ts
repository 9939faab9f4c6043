import {
  adminHelpArticleBodySchema,
  adminHelpArticleListReplySchema,
  adminHelpArticleSchema,
  adminHelpCategoryBodySchema,
  adminHelpCategoryListReplySchema,
  adminHelpCategorySchema,
  adminHelpServiceBodySchema,
  adminHelpServiceSchema,
  errorReplySchema,
  helpIdParamsSchema,
  okReplySchema,
} from '@wallet/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordOperatorAudit } from '../operators/audit-chain';
import { operatorOf } from '../operators/context';
import {
  type Audit,
  adminArticleById,
  adminArticles,
  adminCategories,
  adminService,
  createArticle,
  createCategory,
  type HelpDeps,
  saveService,
  unpublishArticle,
  updateArticle,
  updateCategory,
} from './service';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
const tags = ['admin'];
const security = [{ bearer: [] }];
const audited =
  (request: FastifyRequest): Audit =>
  (trx, entry) =>
    recordOperatorAudit(trx, operatorOf(request), { action: entry.action, object: entry.subject, after: entry.details });

/** The operator writes the help centre (API only until the operator console); every write is audited with it. */
export const helpAdminRoutes: FastifyPluginAsyncZod<{ deps: HelpDeps }> = async (app, { deps }) => {
  app.get(
    '/api/v1/admin/help/articles',
    {
      config: { permission: 'content.read' },
      schema: {
        tags,
        security,
        summary: 'Every help article, published or not, with all its texts',
        response: { 200: adminHelpArticleListReplySchema, ...errors },
      },
    },
    async () => ({ articles: await adminArticles(deps) }),
  );

  app.get(
    '/api/v1/admin/help/articles/:id',
    {
      config: { permission: 'content.read' },
      schema: {
        tags,
        security,
        summary: 'A help article with all its texts',
        params: helpIdParamsSchema,
        response: { 200: adminHelpArticleSchema, ...errors },
      },
    },
    async (request) => adminArticleById(deps, request.params.id),
  );

  app.post(
    '/api/v1/admin/help/articles',
    {
      config: { permission: 'content.write' },
      schema: {
        tags,
        security,
        summary: 'Write an announcement, question or guide (Markdown per language)',
        body: adminHelpArticleBodySchema,
        response: { 200: adminHelpArticleSchema, ...errors },
      },
    },
    async (request) => createArticle(deps, request.body, audited(request)),
  );

  app.put(
    '/api/v1/admin/help/articles/:id',
    {
      config: { permission: 'content.write' },
      schema: {
        tags,
        security,
        summary: 'Replace a help article: its fields, related articles and texts (a language left out is removed)',
        params: helpIdParamsSchema,
        body: adminHelpArticleBodySchema,
        response: { 200: adminHelpArticleSchema, ...errors },
      },
    },
    async (request) => updateArticle(deps, request.params.id, request.body, audited(request)),
  );

  app.post(
    '/api/v1/admin/help/articles/:id/unpublish',
    {
      config: { permission: 'content.write' },
      schema: {
        tags,
        security,
        summary: 'Take a help article off the help centre (a pop-up stops showing)',
        params: helpIdParamsSchema,
        response: { 200: okReplySchema, ...errors },
      },
    },
    async (request) => {
      await unpublishArticle(deps, request.params.id, audited(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/admin/help/categories',
    {
      config: { permission: 'content.read' },
      schema: {
        tags,
        security,
        summary: 'FAQ categories with their names in every language',
        response: { 200: adminHelpCategoryListReplySchema, ...errors },
      },
    },
    async () => ({ categories: await adminCategories(deps) }),
  );

  app.post(
    '/api/v1/admin/help/categories',
    {
      config: { permission: 'content.write' },
      schema: {
        tags,
        security,
        summary: 'Add a FAQ category',
        body: adminHelpCategoryBodySchema,
        response: { 200: adminHelpCategorySchema, ...errors },
      },
    },
    async (request) => createCategory(deps, request.body, audited(request)),
  );

  app.put(
    '/api/v1/admin/help/categories/:id',
    {
      config: { permission: 'content.write' },
      schema: {
        tags,
        security,
        summary: 'Rename, reorder or change the icon of a FAQ category',
        params: helpIdParamsSchema,
        body: adminHelpCategoryBodySchema,
        response: { 200: adminHelpCategorySchema, ...errors },
      },
    },
    async (request) => updateCategory(deps, request.params.id, request.body, audited(request)),
  );

  app.get(
    '/api/v1/admin/help/service',
    {
      config: { permission: 'content.read' },
      schema: {
        tags,
        security,
        summary: 'Support contacts and opening hours in every language',
        response: { 200: adminHelpServiceSchema, ...errors },
      },
    },
    async () => adminService(deps),
  );

  app.put(
    '/api/v1/admin/help/service',
    {
      config: { permission: 'content.write' },
      schema: {
        tags,
        security,
        summary: 'Replace the support contacts and opening hours',
        body: adminHelpServiceBodySchema,
        response: { 200: adminHelpServiceSchema, ...errors },
      },
    },
    async (request) => saveService(deps, request.body, audited(request)),
  );
};
