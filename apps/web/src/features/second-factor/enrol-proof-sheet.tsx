import { type EnrolProof, enrolProofSchema } from '@wallet/contract';
import { Form, Popup } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../components/code-field';
import { FormFooter } from '../../components/form-footer';
import { PayPasswordForm } from '../../components/pay-password-form';
import proofStyles from '../../components/proof-sheet.module.css';
import { ApiError } from '../../lib/api-client';
import { textValues } from '../../lib/form-issues';
import { useProofPrompt } from '../../lib/proof-prompt';
import { useSendAccountCode } from '../../lib/queries/send-account-code';
import { useApiForm } from '../../lib/use-api-form';

/** What the server asks before the first factor goes on: the member's payment password, or without one an emailed code. */
type Needs = 'payment_password' | 'email_code';

const NEEDS: Readonly<Record<string, Needs>> = {
  ENROL_PAYMENT_PASSWORD_REQUIRED: 'payment_password',
  ENROL_EMAIL_CODE_REQUIRED: 'email_code',
};

/** Refusals of the proof itself: shown under its field, the sheet stays open for another try. */
const PROOF_ERRORS = {
  PAYMENT_PASSWORD_WRONG: 'paymentPassword',
  PAYMENT_PASSWORD_LOCKED: 'paymentPassword',
  CODE_INVALID: 'emailCode',
  CODE_EXPIRED: 'emailCode',
} as const;

const [paymentPasswordSchema, emailCodeSchema] = enrolProofSchema.options;

const isProofRefusal = (error: unknown) => error instanceof ApiError && error.code in PROOF_ERRORS;

/**
 * For adding the first factor: `run(action)` calls `action()`; when the server answers that the
 * member must prove it is them first, the sheet asks the payment password (or the emailed code) and
 * calls `action(proof)`. A wrong proof keeps the sheet open; any other refusal rejects `run`, as does
 * closing the sheet (with the first refusal). Render `sheet` once in the screen.
 */
export function useEnrolProof(): {
  run: <T>(action: (proof?: EnrolProof) => Promise<T>) => Promise<T>;
  sheet: ReactNode;
} {
  const prompt = useProofPrompt<EnrolProof, Needs>(
    (refusal) => (refusal instanceof ApiError ? NEEDS[refusal.code] : undefined),
    isProofRefusal,
  );
  const sheet = (
    <Popup
      visible={prompt.asked !== null}
      onMaskClick={prompt.cancel}
      onClose={prompt.cancel}
      showCloseButton
      destroyOnClose
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      {prompt.asked && <EnrolProofForm needs={prompt.asked} submit={prompt.submit} />}
    </Popup>
  );
  return { run: prompt.run, sheet };
}

function EnrolProofForm({ needs, submit }: { needs: Needs; submit: (proof: EnrolProof) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const f = useApiForm<EnrolProof>(needs === 'payment_password' ? paymentPasswordSchema : emailCodeSchema, { fieldOf: PROOF_ERRORS });
  const sendCode = useSendAccountCode();

  const send = async (values: Record<string, unknown>) => {
    const proof = f.check(values);
    if (!proof) return;
    setBusy(true);
    try {
      await submit(proof);
    } catch (error) {
      f.showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={proofStyles.sheet} data-testid="enrol-proof-sheet">
      <h2 className={proofStyles.sheetTitle}>{t('secondFactor.enrol.title')}</h2>
      <p className={proofStyles.sheetIntro}>
        {needs === 'payment_password' ? t('secondFactor.enrol.paymentPasswordIntro') : t('secondFactor.enrol.emailIntro')}
      </p>
      {needs === 'payment_password' ? (
        <PayPasswordForm
          form={f}
          onSubmit={(paymentPassword) => void send({ paymentPassword })}
          loading={busy}
          label={t('secondFactor.enrol.paymentPassword')}
          testId="enrol-payment-password"
          submitLabel={t('secondFactor.enrol.submit')}
          // The server asks the payment password only of members who have one.
          onSetPaymentPassword={() => undefined}
        />
      ) : (
        <Form
          form={f.form}
          layout="vertical"
          requiredMarkStyle="none"
          onFinish={(values: Record<string, unknown>) => void send(textValues(values, ['emailCode']))}
          onValuesChange={f.onValuesChange}
          footer={
            <FormFooter failure={f.failure} loading={busy} submitTestId="enrol-code-submit" submitLabel={t('secondFactor.enrol.submit')} />
          }
        >
          <CodeField name="emailCode" send={() => sendCode.mutateAsync('second_factor')} onSendError={f.showError} />
        </Form>
      )}
    </div>
  );
}
