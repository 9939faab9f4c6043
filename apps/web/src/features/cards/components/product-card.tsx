import { type CardProduct, Decimal } from '@wallet/contract';
import { List } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { faceClass } from './card-face';
import styles from './card-face.module.css';
import { NetworkMark } from './network-mark';
import { useProductName } from './product-name';

/** Products as a stack of white cards, one list row each. */
export function ProductList({ children }: { children: ReactNode }) {
  return (
    <List className={styles.productList} data-testid="card-products">
      {children}
    </List>
  );
}

/** A product as a card to hold: its face in miniature, its name and what it costs; `action` under it. */
export function ProductCard({ product, action }: { product: CardProduct; action?: ReactNode }) {
  const { t } = useTranslation();
  const productName = useProductName();
  const rate = new Decimal(product.rechargeFeeRate).mul(100).toFixed();
  return (
    <section className={styles.product} data-testid="card-product">
      <div className={`${faceClass(product)} ${styles.mini}`} aria-hidden="true">
        <span className={styles.miniName}>{product.currency}</span>
        <NetworkMark network={product.network} />
      </div>
      <div className={styles.productText}>
        <h2 className={styles.productName} data-testid="product-name">
          {productName(product)}
        </h2>
        <p className={styles.productMeta}>
          {t(`cards.type.${product.type}`)} · {product.currency}
        </p>
        <dl className={styles.fees}>
          <dt>{t('cards.openingFee')}</dt>
          <dd>{formatMoney(product.openingFee, 'USDT')} USDT</dd>
          <dt>{t('cards.monthlyFee')}</dt>
          <dd>
            {formatMoney(product.monthlyFee, product.currency)} {product.currency}
          </dd>
          <dt>{t('cards.rechargeFee')}</dt>
          <dd>{rate}%</dd>
        </dl>
      </div>
      {action && <div className={styles.productAction}>{action}</div>}
    </section>
  );
}
