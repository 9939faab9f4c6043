import type { CrudFilter, DataProvider, MetaQuery, Pagination } from '@refinedev/core';
import { ADMIN_API } from '../api-paths';
import { apiRequest, type QueryValue } from '../lib/http';

/** The API's page size limits (packages/contract console lists): 20 by default, 100 at most. */
const MAX_PAGE_SIZE = 100;

/**
 * Where a resource lives under /api/v1/admin: its `meta.apiPath` when the route is not the resource's
 * name (e.g. `deposits/unattributed`), else the name itself.
 */
export function resourcePath(resource: string, meta?: MetaQuery): string {
  const path = meta?.apiPath;
  return typeof path === 'string' && path ? path : resource;
}

/**
 * Refine's filters as the API's query parameters: a filter's `field` is the parameter's name and its
 * value the parameter's value, whatever the operator (the API takes each filter as one parameter, e.g.
 * `status`, `q`, `from`, `to`). Empty values are left out so a cleared filter asks for everything;
 * dates (dayjs or Date) go as ISO strings; arrays as repeated parameters. The API has no and/or
 * filters: asking for one is a programming error.
 */
export function filterQuery(filters: CrudFilter[] | undefined): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const filter of filters ?? []) {
    if (!('field' in filter)) throw new Error(`The admin API has no "${filter.operator}" filters`);
    query[filter.field] = queryValue(filter.value);
  }
  return query;
}

function queryValue(value: unknown): QueryValue {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) {
    const items = value.map(queryValue).filter((item): item is string | number | boolean => item !== undefined && !Array.isArray(item));
    return items.length > 0 ? items : undefined;
  }
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && typeof (value as { toISOString?: unknown }).toISOString === 'function') {
    return (value as { toISOString(): string }).toISOString();
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

/** Pages as the API counts them (1-based, at most 100 rows); `mode: 'off'` asks for the API's first page as it is. */
export function pageQuery(pagination: Pagination | undefined): Record<string, QueryValue> {
  if (pagination?.mode === 'off') return {};
  const pageSize = Math.min(pagination?.pageSize ?? 20, MAX_PAGE_SIZE);
  return { page: pagination?.currentPage ?? 1, pageSize };
}

/** Extra query parameters a hook passes as `meta.query` (e.g. a list's fixed `status`). */
function metaQuery(meta: MetaQuery | undefined): Record<string, QueryValue> {
  return (meta?.query as Record<string, QueryValue> | undefined) ?? {};
}

function metaHeaders(meta: MetaQuery | undefined): Record<string, string> | undefined {
  return meta?.headers as Record<string, string> | undefined;
}

const itemPath = (resource: string, meta: MetaQuery | undefined, id: string | number) =>
  `${resourcePath(resource, meta)}/${encodeURIComponent(String(id))}`;

/**
 * Refine's data provider over the admin REST API (/api/v1/admin). Lists answer `{ items, total }`;
 * a single record, a create and an update answer the server's reply as it is (some replies wrap the
 * record, e.g. `{ approval, preview }`: pages read what their route sends). Sorting is not sent: the
 * API orders each list itself. An action the server holds for four eyes answers 202 `{ approval }`:
 * the reply comes back as data and the page takes the operator to it.
 */
export const dataProvider: DataProvider = {
  getApiUrl: () => ADMIN_API,

  async getList({ resource, pagination, filters, meta }) {
    const reply = await apiRequest<{ items: unknown[]; total?: number }>('get', resourcePath(resource, meta), {
      query: { ...metaQuery(meta), ...filterQuery(filters), ...pageQuery(pagination) },
      signal: meta?.queryContext?.signal,
    });
    // A short list the API sends whole (settings) has no total: its length is the total.
    return { data: reply.items as never[], total: reply.total ?? reply.items.length };
  },

  async getOne({ resource, id, meta }) {
    const data = await apiRequest('get', itemPath(resource, meta, id), { query: metaQuery(meta), signal: meta?.queryContext?.signal });
    return { data: data as never };
  },

  async create({ resource, variables, meta }) {
    const data = await apiRequest('post', resourcePath(resource, meta), { body: variables ?? {}, headers: metaHeaders(meta) });
    return { data: (data ?? {}) as never };
  },

  async update({ resource, id, variables, meta }) {
    const method = meta?.method === 'patch' || meta?.method === 'post' ? meta.method : 'put';
    const data = await apiRequest(method, itemPath(resource, meta, id), { body: variables ?? {}, headers: metaHeaders(meta) });
    return { data: (data ?? {}) as never };
  },

  async deleteOne({ resource, id, variables, meta }) {
    const data = await apiRequest('delete', itemPath(resource, meta, id), { body: variables, headers: metaHeaders(meta) });
    return { data: (data ?? {}) as never };
  },

  async custom({ url, method, payload, query, filters, headers, meta }) {
    const data = await apiRequest(method, url, {
      query: { ...(query as Record<string, QueryValue> | undefined), ...filterQuery(filters) },
      body: payload,
      headers: headers as Record<string, string> | undefined,
      signal: meta?.queryContext?.signal,
    });
    return { data: (data ?? {}) as never };
  },
};
