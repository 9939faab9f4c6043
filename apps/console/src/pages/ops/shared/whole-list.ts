import { useCustom } from '@refinedev/core';
import type { TablePaginationConfig } from 'antd';

/**
 * A list route that answers everything at once under its own key (`{ products }`, `{ articles }`,
 * `{ orders }`…) rather than the console's `{ items, total }` pages: read whole, paged in the table.
 */
export function useWholeList<T>(url: string, key: string) {
  const { query } = useCustom<Record<string, T[]>>({ url, method: 'get', errorNotification: false });
  const items = query.data?.data[key] ?? [];
  return { items, query };
}

/** Client-side paging for a table fed a whole list: antd pages it, 20 a page as the API's lists do. */
export const LOCAL_PAGING: TablePaginationConfig = { defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [20, 50, 100] };
