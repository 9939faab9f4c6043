import { useCustom } from '@refinedev/core';
import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';

/**
 * A console list of this routes, which page by offset and limit and answer `{ items, total }`
 * (the data provider speaks page/pageSize): the reply and the table's pagination over it.
 */
export function useOffsetPage<T, R extends { items: T[]; total: number } = { items: T[]; total: number }>(
  url: string,
  filters: Record<string, string | undefined> = {},
) {
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const { query } = useCustom<R>({
    url,
    method: 'get',
    config: { query: { ...filters, offset: (page.current - 1) * page.pageSize, limit: page.pageSize } },
    errorNotification: false,
  });
  const pagination: TablePaginationConfig = {
    current: page.current,
    pageSize: page.pageSize,
    total: query.data?.data.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [20, 50, 100],
    onChange: (current, pageSize) => setPage({ current: pageSize === page.pageSize ? current : 1, pageSize }),
  };
  return { query, reply: query.data?.data, pagination, firstPage: () => setPage((p) => ({ ...p, current: 1 })) };
}
