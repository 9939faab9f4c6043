import { LIMITS, transferBodySchema } from '@wallet/contract';
import { Button, Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../components/code-field';
import { DigitsInput } from '../../../components/digits-input';
import { FigureList } from '../../../components/figure-list';
import { SecuredFormFooter } from '../../../components/secured-form-footer';
import type { CodeSent } from '../../../components/send-code-button';
import type { AttemptKeys } from '../../../lib/attempt-keys';
import { CODE_ERROR_FIELDS, textValues } from '../../../lib/form-issues';
import { formatMoney } from '../../../lib/format';
import { useApiForm } from '../../../lib/use-api-form';
import { type TransferReply, useCreateTransfer } from '../api/create-transfer';
import type { Recipient } from '../api/get-recipient';
import styles from './transfer.module.css';
import type { TransferDraft } from './transfer-form';

type Props = {
  recipient: Recipient;
  draft: TransferDraft;
  /** The page's keys: coming back from "change amount" to the same transfer resends the same key. */
  keys: AttemptKeys;
  /** Emails the code of purpose `transfer` to the signed-in person. */
  sendCode: () => Promise<CodeSent>;
  onEdit: () => void;
  onDone: (transfer: TransferReply) => void;
  onSetPaymentPassword: () => void;
};

// An amount refused by the server here (the balance spent meanwhile) shows above the button: step 1 has the field.

/** Transfers carry no fee (the server moves the amount as it is); shown so the member need not wonder. */
const TRANSFER_FEE = '0';

/**
 * The transfer's confirmation, as every money action has one before the payment password: what leaves
 * the balance, the fee, what the recipient receives, and who they are by nickname and masked email
 * (the server's lookup, never the whole email). Then the emailed code and payment password.
 */
export function TransferConfirm({ recipient, draft, keys, sendCode, onEdit, onDone, onSetPaymentPassword }: Props) {
  const { t } = useTranslation();
  const create = useCreateTransfer();
  const f = useApiForm(transferBodySchema, {
    fieldOf: { ...CODE_ERROR_FIELDS, PAYMENT_PASSWORD_WRONG: 'paymentPassword', PAYMENT_PASSWORD_FORMAT: 'paymentPassword' },
  });
  const money = (amount: string) => `${formatMoney(amount, draft.currency)} ${draft.currency}`;

  const onFinish = (values: Record<string, unknown>) => {
    const typed = textValues(values, ['code', 'paymentPassword']);
    const body = f.check({ ...typed, toUid: recipient.uid, currency: draft.currency, amount: draft.amount });
    if (!body) return;
    const idempotencyKey = keys.keyFor(JSON.stringify({ toUid: body.toUid, currency: body.currency, amount: body.amount }));
    create.mutate({ body, idempotencyKey }, { onSuccess: keys.done(onDone), onError: f.showError });
  };

  return (
    <Form
      name="transferConfirm"
      form={f.form}
      layout="vertical"
      requiredMarkStyle="none"
      onFinish={onFinish}
      onValuesChange={f.onValuesChange}
      footer={
        <>
          <SecuredFormFooter
            failure={f.failure}
            onSetPaymentPassword={onSetPaymentPassword}
            submitLabel={t('transfer.confirm')}
            submitTestId="transfer-submit"
            loading={create.isPending}
          />
          <Button block fill="none" onClick={onEdit} disabled={create.isPending} data-testid="transfer-edit">
            {t('transfer.edit')}
          </Button>
        </>
      }
    >
      <FigureList
        testId="transfer-review"
        figures={[
          { key: 'send', label: t('transfer.send'), value: money(draft.amount), testId: 'transfer-review-send' },
          { key: 'fee', label: t('transfer.fee'), value: money(TRANSFER_FEE), testId: 'transfer-review-fee' },
          {
            key: 'receive',
            label: t('transfer.receive'),
            value: money(draft.amount),
            strong: true,
            testId: 'transfer-review-receive',
          },
          {
            key: 'nickname',
            label: t('transfer.nickname'),
            value: recipient.nickname ?? <span className={styles.none}>{t('transfer.noNickname')}</span>,
            testId: 'transfer-review-nickname',
          },
          { key: 'email', label: t('transfer.email'), value: recipient.maskedEmail, testId: 'transfer-review-email' },
          {
            key: 'uid',
            label: t('transfer.recipient'),
            value: t('transfer.uidValue', { uid: recipient.uid }),
            testId: 'transfer-review-uid',
          },
        ]}
      />
      <CodeField send={sendCode} onSendError={f.showError} />
      <Form.Item name="paymentPassword" label={t('transfer.payPassword')} data-testid="transfer-pay-password">
        <DigitsInput secret length={LIMITS.secrets.paymentPasswordLength} placeholder={t('payPassword.placeholder')} />
      </Form.Item>
    </Form>
  );
}
