import { LIMITS, type RechargeQuote } from '@wallet/contract';
import { Button, Form, Input, List, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DigitsInput } from '../../components/digits-input';
import { FormFailure } from '../../components/form-failure';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { quoteRecharge, useRechargeCard } from '../../features/cards/api/card-money';
import { useCard } from '../../features/cards/api/get-cards';
import { useCardId } from '../../features/cards/components/use-card-id';
import { useBalances } from '../../features/wallet/api/get-balances';
import { useAttemptKeys } from '../../lib/attempt-keys';
import { formatExactMoney, formatMoney } from '../../lib/format';

/**
 * Recharge: USDT to a USD card (HKD to an HKD card), at least 20 and whole numbers. The fee and what
 * reaches the card are shown first; then the payment password confirms.
 */
export default function RechargeCardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useCardId();
  const card = useCard(id);
  const recharge = useRechargeCard();
  const keys = useAttemptKeys();
  const [quote, setQuote] = useState<RechargeQuote | null>(null);
  const [quoteError, setQuoteError] = useState<unknown>(null);
  const [form] = Form.useForm();
  const source = card.data?.currency === 'HKD' ? 'HKD' : 'USDT';
  const minimum = source === 'HKD' ? LIMITS.cardRecharge.minimumHkd : LIMITS.cardRecharge.minimumUsdt;
  const balances = useBalances();
  const available = balances.data ? (balances.data.balances.find((b) => b.currency === source)?.balance ?? '0') : undefined;

  const askQuote = async () => {
    if (!id) return;
    setQuoteError(null);
    try {
      setQuote(await quoteRecharge(id, String(form.getFieldValue('amount') ?? '').trim()));
    } catch (error) {
      setQuote(null);
      setQuoteError(error);
    }
  };

  const onFinish = (values: { paymentPassword?: string }) => {
    if (!id || !quote) return;
    recharge.mutate(
      { id, amount: quote.amount, paymentPassword: values.paymentPassword ?? '', idempotencyKey: keys.keyFor(`${id}:${quote.amount}`) },
      {
        onSuccess: keys.done(() => {
          Toast.show({ content: t('cards.recharge.done', { amount: quote.credited, currency: quote.cardCurrency }) });
          navigate(`/pages/cardBasic/index?id=${id}`, { replace: true });
        }),
      },
    );
  };

  return (
    <>
      <NavBar back title={t('cards.recharge.title')} />
      <PageBody>
        <Form
          form={form}
          layout="vertical"
          onFinish={onFinish}
          onValuesChange={(changed) => 'amount' in changed && setQuote(null)}
          footer={
            <>
              <FormFailure error={quoteError ?? recharge.error} />
              {quote ? (
                <Button block type="submit" color="primary" size="large" loading={recharge.isPending} data-testid="recharge-submit">
                  {t('cards.recharge.submit')}
                </Button>
              ) : (
                <Button block color="primary" size="large" onClick={() => void askQuote()} data-testid="recharge-quote">
                  {t('cards.recharge.quote')}
                </Button>
              )}
            </>
          }
        >
          <Form.Item
            name="amount"
            label={t('cards.recharge.amount', { currency: source })}
            description={
              <>
                {t('cards.recharge.minimum', { minimum, currency: source })}
                {available !== undefined && (
                  <div data-testid="recharge-available">
                    {t('cards.recharge.available', { amount: formatMoney(available, source), currency: source })}
                  </div>
                )}
              </>
            }
          >
            <Input inputMode="numeric" data-testid="recharge-amount" />
          </Form.Item>
          {quote && (
            <>
              <List data-testid="recharge-summary">
                <List.Item extra={`${formatExactMoney(quote.fee, quote.sourceCurrency)} ${quote.sourceCurrency}`}>
                  {t('cards.recharge.fee')}
                </List.Item>
                <List.Item extra={`${formatExactMoney(quote.total, quote.sourceCurrency)} ${quote.sourceCurrency}`}>
                  {t('cards.recharge.total')}
                </List.Item>
                <List.Item extra={`${formatExactMoney(quote.credited, quote.cardCurrency)} ${quote.cardCurrency}`}>
                  {t('cards.recharge.credited')}
                </List.Item>
              </List>
              <Form.Item name="paymentPassword" label={t('cards.apply.paymentPassword')} rules={[{ required: true, len: 6 }]}>
                <DigitsInput length={6} secret />
              </Form.Item>
            </>
          )}
        </Form>
      </PageBody>
    </>
  );
}
