import { exchangeBodySchema, LIMITS, type Quote } from '@wallet/contract';
import { Button, Form, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DigitsInput } from '../../../components/digits-input';
import { FormFooter } from '../../../components/form-footer';
import { ApiError } from '../../../lib/api-client';
import { useAttemptKeys } from '../../../lib/attempt-keys';
import { textValues } from '../../../lib/form-issues';
import { formatMoney } from '../../../lib/format';
import { useApiForm } from '../../../lib/use-api-form';
import { type ExchangeReply, useExecuteExchange } from '../api/execute-exchange';
import styles from './exchange.module.css';

type Props = {
  quote: Quote;
  visible: boolean;
  onClose: () => void;
  onDone: (reply: ExchangeReply) => void;
  /** The quote is gone (expired or unknown): the page offers a fresh one. */
  onQuoteGone: (error: ApiError) => void;
};

const PASSWORD_ERRORS = { PAYMENT_PASSWORD_WRONG: 'paymentPassword', PAYMENT_PASSWORD_LOCKED: 'paymentPassword' } as const;

/** The 6-digit payment password that executes a quote, in a sheet over the quote. */
export function ConfirmExchange({ quote, visible, onClose, onDone, onQuoteGone }: Props) {
  const { t } = useTranslation();
  const execute = useExecuteExchange();
  // One key per quote confirmed: every try for this quote (after a timeout or a wrong password) sends the same one.
  const keys = useAttemptKeys();
  const f = useApiForm(exchangeBodySchema, { fieldOf: PASSWORD_ERRORS });

  const onFinish = (values: Record<string, unknown>) => {
    const body = f.check({ quoteId: quote.id, ...textValues(values, ['paymentPassword']) });
    if (!body) return;
    execute.mutate(
      { ...body, idempotencyKey: keys.keyFor(quote.id) },
      {
        onSuccess: keys.done(onDone),
        onError: (error) => {
          if (error instanceof ApiError && (error.code === 'QUOTE_EXPIRED' || error.code === 'QUOTE_NOT_FOUND')) onQuoteGone(error);
          else f.showError(error);
        },
      },
    );
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={execute.isPending ? undefined : onClose}
      bodyStyle={{ borderRadius: '16px 16px 0 0' }}
      destroyOnClose
    >
      <div className={styles.sheet} data-testid="exchange-confirm">
        <h2 className={styles.sheetTitle}>{t('exchange.confirm.title')}</h2>
        <p className={styles.sheetSummary}>
          {t('exchange.confirm.summary', {
            pay: `${formatMoney(quote.amountIn, quote.from)} ${quote.from}`,
            receive: `${formatMoney(quote.amountOut, quote.to)} ${quote.to}`,
          })}
        </p>
        <Form
          name="confirmExchange"
          form={f.form}
          layout="vertical"
          requiredMarkStyle="none"
          onFinish={onFinish}
          onValuesChange={f.onValuesChange}
          footer={
            <>
              <FormFooter
                failure={f.failure}
                loading={execute.isPending}
                submitTestId="exchange-submit"
                submitLabel={t('exchange.confirm.submit')}
              />
              <Button block fill="none" onClick={onClose} disabled={execute.isPending}>
                {t('common.cancel')}
              </Button>
            </>
          }
        >
          <Form.Item name="paymentPassword" label={t('exchange.confirm.password')} data-testid="exchange-password">
            <DigitsInput secret length={LIMITS.secrets.paymentPasswordLength} placeholder={t('payPassword.placeholder')} />
          </Form.Item>
        </Form>
      </div>
    </Popup>
  );
}
