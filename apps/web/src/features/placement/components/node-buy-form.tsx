import { Decimal, type NodeOffer, nodePurchaseBodySchema } from '@wallet/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureList } from '../../../components/figure-list';
import { textValues } from '../../../lib/form-issues';
import { useBuyNodes } from '../api/nodes';
import { usdt } from './my-placement';
import { PaySheet } from './pay-sheet';
import styles from './placement.module.css';
import { useConfirmedSubmit } from './use-confirmed-submit';

const DRAFT_SCHEMA = nodePurchaseBodySchema.omit({ paymentPassword: true });
const FIELD_ERRORS = { NODE_CAP_REACHED: 'quantity', NODE_QUANTITY_INVALID: 'quantity' } as const;

/** Small nodes from the wallet at the operators' price, up to what the cap leaves me. */
export function NodeBuyForm({ offer, refetchOffer }: { offer: NodeOffer; refetchOffer: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const {
    form: f,
    draft,
    review,
    sheet,
  } = useConfirmedSubmit({
    schema: DRAFT_SCHEMA,
    fieldErrors: FIELD_ERRORS,
    formErrors: { NODE_PRICE_CHANGED: () => void refetchOffer() },
    mutation: useBuyNodes(),
    doneText: () => t('nodes.buy.done'),
    onDone: () => setTyped(''),
  });
  const quantity = /^[1-9]\d{0,3}$/.test(typed.trim()) ? Number(typed.trim()) : null;
  const amount = quantity === null ? null : new Decimal(offer.smallPrice).times(quantity).toFixed();

  const onFinish = (values: Record<string, unknown>) => {
    const { remark } = textValues(values, ['remark']);
    const body = f.check({ quantity: quantity ?? typed, expectedAmount: amount ?? '0', remark: remark.trim() || undefined });
    if (!body) return;
    review(body);
  };

  return (
    <>
      <Form
        className={styles.form}
        name="buyNodes"
        form={f.form}
        layout="vertical"
        requiredMarkStyle="none"
        onFinish={onFinish}
        onValuesChange={(changed: Record<string, unknown>) => {
          f.onValuesChange(changed);
          if ('quantity' in changed) setTyped(String(changed.quantity ?? ''));
        }}
        footer={
          <>
            <FigureList
              figures={[
                { key: 'price', label: t('nodes.buy.price'), value: usdt(offer.smallPrice), testId: 'node-price' },
                {
                  key: 'amount',
                  label: t('nodes.buy.amount'),
                  value: amount === null ? '—' : usdt(amount),
                  strong: true,
                  testId: 'node-amount',
                },
              ]}
            />
            <Button block color="primary" type="submit" disabled={offer.smallBuyable < 1} data-testid="node-buy-next">
              {t('nodes.buy.next')}
            </Button>
          </>
        }
      >
        <Form.Item
          name="quantity"
          label={t('nodes.buy.quantity')}
          description={t('nodes.buy.capLeft', { left: offer.smallBuyable, cap: offer.smallCap })}
          data-testid="node-quantity"
        >
          <Input inputMode="numeric" placeholder={t('nodes.buy.quantityPlaceholder')} />
        </Form.Item>
        <Form.Item name="remark" label={t('nodes.buy.remark')} data-testid="node-remark">
          <Input placeholder={t('nodes.apply.optional')} maxLength={100} />
        </Form.Item>
      </Form>
      <PaySheet
        {...sheet}
        title={t('nodes.buy.confirm')}
        figures={
          draft
            ? [
                { key: 'quantity', label: t('nodes.buy.quantity'), value: String(draft.quantity) },
                { key: 'price', label: t('nodes.buy.price'), value: usdt(offer.smallPrice) },
                {
                  key: 'amount',
                  label: t('nodes.buy.amount'),
                  value: usdt(draft.expectedAmount),
                  strong: true,
                  testId: 'node-review-amount',
                },
              ]
            : []
        }
        submitLabel={t('nodes.buy.submit')}
        testId="node-buy-password"
      />
    </>
  );
}
