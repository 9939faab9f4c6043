import { type UseMutationResult, useQuery } from '@tanstack/react-query';
import { type Card, type CardOperation, LIMITS } from '@wallet/contract';
import { Button, Form, Popup } from 'antd-mobile';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AmountInput } from '../../../components/amount-input';
import { DigitsInput } from '../../../components/digits-input';
import { FormCard } from '../../../components/form-card';
import { FormFailure } from '../../../components/form-failure';
import { ApiError } from '../../../lib/api-client';
import { useAttemptKeys } from '../../../lib/attempt-keys';
import { withRedirect } from '../../../lib/redirect';
import { useErrorText } from '../../../lib/use-error-text';
import type { MoneyRequest } from '../api/card-money';
import { isUnanswered } from '../api/resend';
import styles from './card-money.module.css';
import { CardOperationResult } from './card-operation-result';
import { MoneyCardRow } from './money-card-row';
import { MoneyFigures } from './money-figures';
import type { Movement } from './movement';

export type Quoted = { amount: string; movement: Movement };
type Checked = { ok: true; amount: string } | { ok: false; message: string };

type Props = {
  card: Card;
  /** Test ids start with it: `${prefix}-amount`, -preview, -quote, -summary, -submit. */
  prefix: string;
  /** Which way the money goes: the card row says "to card" or "from card". */
  direction: 'to' | 'from';
  /** The page itself, without a card: where "Change" leads to choose another. */
  path: string;
  intro: string;
  amountLabel: string;
  /** Available balance and limits, under the amount. */
  amountHint: ReactNode;
  placeholder: string;
  /** The currency typed in, shown after the amount. */
  unit: string;
  /** The most that can be sent, offered as a "Max" button; null when nothing can be. */
  max: string | null;
  /** A problem with the typed amount found before asking the server. */
  checkAmount: (typed: string) => Checked;
  quote: (cardId: string, amount: string) => Promise<Quoted>;
  sheetTitle: string;
  submitLabel: string;
  send: UseMutationResult<{ operation: CardOperation }, Error, MoneyRequest>;
};

type Stage = { step: 'form' } | { step: 'result'; operation: CardOperation };

const PAY_PASSWORD_PATH = '/pages/password_pay/index';
/** Typing pauses this long before the figures under the amount are asked for. */
const PREVIEW_DELAY_MS = 400;

function useSettled(value: string, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A recharge or card to wallet from amount to outcome. While the amount is typed, the server's figures
 * appear under it; "Continue" asks for them afresh and opens the confirmation sheet: what leaves, the
 * fee, the rate and what arrives, then the payment password. The request carries one idempotency key
 * per attempt, kept when no answer came so that confirming again cannot move the money twice. The
 * reply's operation is followed to its end (CardOperationResult), which shows what moved.
 */
export function CardMoneyFlow(props: Props) {
  const { card, prefix, quote, send } = props;
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const keys = useAttemptKeys();
  const [form] = Form.useForm();
  const [stage, setStage] = useState<Stage>({ step: 'form' });
  const [quoted, setQuoted] = useState<Quoted | null>(null);
  const [quoteError, setQuoteError] = useState<unknown>(null);
  const [quoting, setQuoting] = useState(false);
  const [lastAmount, setLastAmount] = useState('');

  const typed: string = Form.useWatch('amount', form) ?? '';
  const settled = useSettled(typed.trim(), PREVIEW_DELAY_MS);
  const checkedNow = props.checkAmount(settled);
  const previewAmount = checkedNow.ok ? checkedNow.amount : null;
  const preview = useQuery({
    queryKey: ['card-money-preview', prefix, card.id, previewAmount],
    queryFn: () => quote(card.id, previewAmount ?? ''),
    enabled: previewAmount !== null && stage.step === 'form',
    retry: false,
    staleTime: 10_000,
  });

  const askQuote = async (raw: string) => {
    setQuoteError(null);
    const checked = props.checkAmount(raw.trim());
    if (!checked.ok) {
      form.setFields([{ name: 'amount', errors: [checked.message] }]);
      return;
    }
    setLastAmount(checked.amount);
    setQuoting(true);
    try {
      // Fresh figures for the sheet: the rate may have moved since the preview.
      setQuoted(await quote(card.id, checked.amount));
    } catch (error) {
      setQuoted(null);
      setQuoteError(error);
    } finally {
      setQuoting(false);
    }
  };

  const closeSheet = () => {
    if (send.isPending) return;
    setQuoted(null);
    send.reset();
  };

  const confirm = (values: { paymentPassword?: string }) => {
    if (!quoted) return;
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

  const notSet = send.error instanceof ApiError && send.error.code === 'PAYMENT_PASSWORD_NOT_SET';
  const previewBody = () => {
    if (previewAmount === null || typed.trim() !== settled) return <p className={styles.previewNote}>{t('cardMoney.summary.pending')}</p>;
    if (preview.isError)
      return (
        <p className={styles.previewError} role="alert">
          {errorText(preview.error)}
        </p>
      );
    if (!preview.data) return <p className={styles.previewNote}>{t('cardMoney.summary.loading')}</p>;
    return <MoneyFigures movement={preview.data.movement} className={styles.previewFigures} testId={`${prefix}-preview`} />;
  };

  return (
    <>
      <MoneyCardRow card={card} direction={props.direction} path={props.path} />
      <FormCard description={props.intro}>
        <Form
          form={form}
          layout="vertical"
          requiredMarkStyle="none"
          initialValues={{ amount: lastAmount }}
          onFinish={(values: { amount?: string }) => void askQuote(values.amount ?? '')}
          onValuesChange={() => {
            form.setFields([{ name: 'amount', errors: [] }]);
            setQuoteError(null);
          }}
          footer={
            <>
              <section className={styles.preview} aria-live="polite" data-testid={`${prefix}-preview-box`}>
                <h3 className={styles.previewTitle}>{t('cardMoney.summary.title')}</h3>
                {previewBody()}
              </section>
              <FormFailure error={quoteError} />
              <Button block type="submit" color="primary" size="large" loading={quoting} data-testid={`${prefix}-quote`}>
                {t('cardMoney.continue')}
              </Button>
            </>
          }
        >
          <Form.Item name="amount" label={props.amountLabel} description={props.amountHint} data-testid={`${prefix}-amount`}>
            <AmountInput
              unit={props.unit}
              placeholder={props.placeholder}
              onMax={
                props.max
                  ? () => {
                      form.setFieldsValue({ amount: props.max });
                      form.setFields([{ name: 'amount', errors: [] }]);
                      setQuoteError(null);
                    }
                  : undefined
              }
            />
          </Form.Item>
        </Form>
      </FormCard>
      <Popup visible={quoted !== null} onMaskClick={closeSheet} bodyStyle={{ borderRadius: '16px 16px 0 0' }} destroyOnClose>
        {quoted && (
          <div className={styles.sheet} data-testid={`${prefix}-sheet`}>
            <h2 className={styles.sheetTitle}>{props.sheetTitle}</h2>
            <p className={styles.sheetIntro}>{t('cardMoney.sheetIntro')}</p>
            <MoneyFigures movement={quoted.movement} className={styles.sheetFigures} testId={`${prefix}-summary`} />
            <Form
              layout="vertical"
              requiredMarkStyle="none"
              onFinish={confirm}
              onValuesChange={() => send.reset()}
              footer={
                <>
                  <FormFailure error={send.error}>
                    {notSet && (
                      <Button
                        size="small"
                        color="primary"
                        onClick={() => navigate(withRedirect(PAY_PASSWORD_PATH, `${pathname}${search}`))}
                      >
                        {t('payPassword.setAction')}
                      </Button>
                    )}
                    {isUnanswered(send.error) && (
                      <p className={styles.unanswered} data-testid={`${prefix}-unanswered`}>
                        {t('cards.operation.unanswered')}
                      </p>
                    )}
                  </FormFailure>
                  <Button block type="submit" color="primary" size="large" loading={send.isPending} data-testid={`${prefix}-submit`}>
                    {props.submitLabel}
                  </Button>
                  <Button block fill="none" onClick={closeSheet} disabled={send.isPending} data-testid={`${prefix}-cancel`}>
                    {t('cardMoney.cancel')}
                  </Button>
                </>
              }
            >
              <Form.Item
                name="paymentPassword"
                label={t('cardMoney.payPassword')}
                rules={[
                  { required: true, message: t('cardMoney.payPasswordRequired') },
                  { len: LIMITS.secrets.paymentPasswordLength, message: t('cardMoney.payPasswordRequired') },
                ]}
              >
                <DigitsInput length={LIMITS.secrets.paymentPasswordLength} secret placeholder={t('cardMoney.payPasswordPlaceholder')} />
              </Form.Item>
            </Form>
          </div>
        )}
      </Popup>
    </>
  );
}
