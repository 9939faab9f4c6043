import { List } from '@refinedev/antd';
import { CanAccess } from '@refinedev/core';
import type { CardProduct } from '@wallet/contract';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/money';
import { QueryError } from '../../../components/query-error';
import { OPS_API } from '../api';
import { LOCAL_PAGING, useWholeList } from '../shared/whole-list';
import { ProductForm } from './product-form';

/** Every card product, offered or not (GET card-products); add and change them (admin). */
export function CardProductList() {
  const { t } = useTranslation();
  const { items, query } = useWholeList<CardProduct>(OPS_API.cardProducts, 'products');
  const refetch = () => void query.refetch();
  if (query.isError) return <QueryError error={query.error} onRetry={refetch} />;

  return (
    <List
      title={t('ops.cardProducts.title')}
      headerButtons={
        <CanAccess resource="card-products" action="create">
          <ProductForm onDone={refetch} />
        </CanAccess>
      }
    >
      <Table<CardProduct>
        rowKey="id"
        loading={query.isFetching}
        dataSource={items}
        pagination={LOCAL_PAGING}
        scroll={{ x: 'max-content' }}
        columns={[
          { dataIndex: 'name', title: t('ops.cardProducts.name') },
          { dataIndex: 'level', title: t('ops.cardProducts.level') },
          { dataIndex: 'type', title: t('ops.cards.type'), render: (v: string) => t(`ops.cards.types.${v}`) },
          { dataIndex: 'currency', title: t('ops.common.currency') },
          { dataIndex: 'network', title: t('ops.cardProducts.network'), render: (v: string) => v.toUpperCase() },
          { dataIndex: 'openingFee', title: t('ops.cardProducts.openingFee'), render: (v: string) => <Money amount={v} currency="USDT" /> },
          {
            dataIndex: 'monthlyFee',
            title: t('ops.cardProducts.monthlyFee'),
            render: (v: string, row) => <Money amount={v} currency={row.currency} />,
          },
          { dataIndex: 'rechargeFeeRate', title: t('ops.cardProducts.rechargeFeeRate') },
          {
            dataIndex: 'enabled',
            title: t('ops.cardProducts.offered'),
            render: (v: boolean) => (v ? <Tag color="green">{t('ops.common.on')}</Tag> : <Tag>{t('ops.common.off')}</Tag>),
          },
          {
            title: t('table.actions'),
            fixed: 'right',
            render: (_, row) => (
              <CanAccess resource="card-products" action="edit">
                <ProductForm product={row} onDone={refetch} />
              </CanAccess>
            ),
          },
        ]}
      />
    </List>
  );
}
