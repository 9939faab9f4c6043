import type { UseMutationResult } from '@tanstack/react-query';
import { type Card, type CardOperation, LIMITS } from '@wallet/contract';
import { Button, Form } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AmountInput } from '../../../components/amount-input';
import { DigitsInput } from '../../../components/digits-input';
import { FormCard } from '../../../components/form-card';
import { FormFailure } from '../../../components/form-failure';
import { ApiError } from '../../../lib/api-client';
import { useAttemptKeys } from '../../../lib/attempt-keys';
import { withRedirect } from '../../../lib/redirect';
import type { MoneyRequest } from '../api/card-money';
import { isUnanswered } from '../api/resend';
import styles from './card-money.module.css';
import { CardOperationResult } from './card-operation-result';
import { MoneyFigures } from './money-figures';
import type { Movement } from './movement';

export type Quoted = { amount: string; movement: Movement };

type Props = {
  card: Card;
  /** Test ids start with it: `${prefix}-amount`, -quote, -summary, -submit. */
  prefix: string;
  amountLabel: string;
  amountDescription: ReactNode;
  /** The currency typed in, shown after the amount. */
  unit: string;
  /** The most that can be sent, offered as a "Max" button; none for recharges (the fee comes on top). */
  max?: string | null;
  /** A problem with the typed amount found before asking the server, or null. */
  checkAmount: (typed: string) => { ok: true; amount: string } | { ok: false; message: string };
  quote: (cardId: string, amount: string) => Promise<Quoted>;
  quoteLabel: string;
  submitLabel: string;
  send: UseMutationResult<{ operation: CardOperation }, Error, MoneyRequest>;
};

type Stage = { step: 'form' } | { step: 'result'; operation: CardOperation };

const PAY_PASSWORD_PATH = '/pages/password_pay/index';

/**
 * A recharge or card to wallet from amount to outcome. The amount is quoted first and the figures the
 * server will use are shown (what leaves, fee, rate, what arrives); then the payment password sends it
 * with one idempotency key per attempt, kept when no answer came so that confirming again cannot move
 * the money twice. The reply's operation is followed to its end (CardOperationResult).
 */
export function CardMoneyFlow(props: Props) {
  const { card, prefix, quote, send } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const keys = useAttemptKeys();
  const [form] = Form.useForm();
  const [stage, setStage] = useState<Stage>({ step: 'form' });
  const [quoted, setQuoted] = useState<Quoted | null>(null);
  const [quoteError, setQuoteError] = useState<unknown>(null);
  const [quoting, setQuoting] = useState(false);
  const [lastAmount, setLastAmount] = useState('');

  const askQuote = async (typed: string) => {
    setQuoteError(null);
    const checked = props.checkAmount(typed.trim());
    if (!checked.ok) {
      form.setFields([{ name: 'amount', errors: [checked.message] }]);
      return;
    }
    setLastAmount(checked.amount);
    setQuoting(true);
    try {
      setQuoted(await quote(card.id, checked.amount));
    } catch (error) {
      setQuoted(null);
      setQuoteError(error);
    } finally {
      setQuoting(false);
    }
  };

  const onFinish = (values: { amount?: string; paymentPassword?: string }) => {
    if (!quoted) {
      void askQuote(values.amount ?? '');
      return;
    }
    send.mutate(
      {
        id: card.id,
        amount: quoted.amount,
        paymentPassword: values.paymentPassword ?? '',
        idempotencyKey: keys.keyFor(`${card.id}:${quoted.amount}`),
      },
      // The request has its answer: whatever the operation becomes, a new confirm is a new request.
      { onSuccess: keys.done((reply) => setStage({ step: 'result', operation: reply.operation })) },
    );
  };

  if (stage.step === 'result') {
    return (
      <CardOperationResult
        key={stage.operation.id}
        started={stage.operation}
        onBack={() => navigate(`/pages/cardBasic/index?id=${card.id}`, { replace: true })}
        onRetry={() => {
          send.reset();
          setQuoted(null);
          setStage({ step: 'form' });
          void askQuote(lastAmount);
        }}
      />
    );
  }

  const failure = quoteError ?? send.error;
  const notSet = failure instanceof ApiError && failure.code === 'PAYMENT_PASSWORD_NOT_SET';
  return (
    <FormCard>
      <Form
        form={form}
        layout="vertical"
        requiredMarkStyle="none"
        initialValues={{ amount: lastAmount }}
        onFinish={onFinish}
        onValuesChange={(changed) => {
          // A request on its way keeps its figures: its outcome shows what it moved.
          if (!('amount' in changed) || send.isPending) return;
          form.setFields([{ name: 'amount', errors: [] }]);
          setQuoted(null);
          setQuoteError(null);
          send.reset();
        }}
        footer={
          <>
            <FormFailure error={failure}>
              {notSet && (
                <Button size="small" color="primary" onClick={() => navigate(withRedirect(PAY_PASSWORD_PATH, `${pathname}${search}`))}>
                  {t('payPassword.setAction')}
                </Button>
              )}
              {isUnanswered(send.error) && (
                <p className={styles.unanswered} data-testid={`${prefix}-unanswered`}>
                  {t('cards.operation.unanswered')}
                </p>
              )}
            </FormFailure>
            <Button
              block
              type="submit"
              color="primary"
              size="large"
              loading={quoting || send.isPending}
              data-testid={quoted ? `${prefix}-submit` : `${prefix}-quote`}
            >
              {quoted ? props.submitLabel : props.quoteLabel}
            </Button>
          </>
        }
      >
        <Form.Item name="amount" label={props.amountLabel} description={props.amountDescription} data-testid={`${prefix}-amount`}>
          <AmountInput
            unit={props.unit}
            placeholder={t('cards.amountPlaceholder')}
            onMax={
              props.max
                ? () => {
                    form.setFieldsValue({ amount: props.max });
                    setQuoted(null);
                    setQuoteError(null);
                    form.setFields([{ name: 'amount', errors: [] }]);
                  }
                : undefined
            }
          />
        </Form.Item>
        {quoted && (
          <>
            <section className={styles.confirm} aria-labelledby={`${prefix}-summary-title`}>
              <h3 className={styles.confirmTitle} id={`${prefix}-summary-title`}>
                {t('cards.operation.confirmTitle')}
              </h3>
              <MoneyFigures movement={quoted.movement} testId={`${prefix}-summary`} />
            </section>
            <Form.Item
              name="paymentPassword"
              label={t('cards.apply.paymentPassword')}
              rules={[{ required: true, message: t('form.required') }]}
            >
              <DigitsInput length={LIMITS.secrets.paymentPasswordLength} secret placeholder={t('payPassword.placeholder')} />
            </Form.Item>
          </>
        )}
      </Form>
    </FormCard>
  );
}
