import type { PayoutOrder } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { CopyableValue } from '../../../components/copyable-value';
import { FigureList } from '../../../components/figure-list';
import { HistorySteps } from '../../../components/history-steps';
import { OrderHead } from '../../../components/order-head';
import { Section } from '../../../components/section';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import { PayeeAccount } from './payee-lines';
import styles from './payout.module.css';
import { PayoutFigures } from './payout-figures';
import { PayoutStatusTag } from './payout-status-tag';

/** One order: where it stands (and why it was rejected), the account paid, the figures, and each step it went through. */
export function PayoutOrderDetail({ order }: { order: PayoutOrder }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);

  return (
    <>
      <Section title={t('payout.orders.detailTitle')}>
        <OrderHead
          // Rejected, nothing was paid out: what matters is the USDT that came back.
          amount={order.status === 'rejected' ? `${formatMoney(order.amount, 'USDT')} USDT` : `${formatMoney(order.amountOut, 'CNY')} CNY`}
          amountTestId="payout-order-amount"
          status={<PayoutStatusTag status={order.status} />}
        >
          {order.status === 'in_progress' && (
            <p className={styles.detailNote} aria-live="polite">
              {t('payout.orders.inProgressText')}
            </p>
          )}
          {order.status === 'rejected' && (
            <div className={styles.rejected} role="status" data-testid="payout-rejected">
              <p>{t('payout.orders.rejected')}</p>
              {order.reason && <p className={styles.detailNote}>{t('payout.orders.reason', { reason: order.reason })}</p>}
            </div>
          )}
        </OrderHead>
        <PayoutFigures figures={order} rejected={order.status === 'rejected'} testId="payout-order-figures" />
      </Section>
      <Section title={t('payout.orders.payee')}>
        <FigureList
          figures={[
            { key: 'kind', label: t('payout.orders.kind'), value: t(`payout.kind.${order.kind}`) },
            {
              key: 'name',
              label: t('payout.orders.name'),
              value: <span translate="no">{order.payee.name}</span>,
              testId: 'payout-order-payee',
            },
            { key: 'account', label: t('payout.orders.account'), value: <PayeeAccount payee={order.payee} /> },
          ]}
        />
      </Section>
      <Section title={t('payout.orders.history')}>
        <HistorySteps
          testId="payout-history"
          steps={order.history.map((step) => ({
            key: `${step.step}-${step.at}`,
            title: t(`payout.orders.step.${step.step}`),
            at: step.at,
            note: step.note,
            failed: step.step === 'rejected',
          }))}
        />
        <FigureList
          className={styles.orderFacts}
          figures={[
            { key: 'created', label: t('payout.orders.createdAt'), value: formatDateTime(order.createdAt, language) },
            ...(order.finishedAt
              ? [{ key: 'finished', label: t('payout.orders.finishedAt'), value: formatDateTime(order.finishedAt, language) }]
              : []),
            ...(order.reference
              ? [
                  {
                    key: 'reference',
                    label: t('payout.orders.reference'),
                    value: <CopyableValue value={order.reference} label={t('payout.orders.copyReference')} testId="payout-reference" />,
                  },
                ]
              : []),
            {
              key: 'id',
              label: t('payout.orders.id'),
              value: <CopyableValue value={order.id} label={t('payout.orders.copyId')} testId="payout-order-id" />,
            },
          ]}
        />
      </Section>
    </>
  );
}
