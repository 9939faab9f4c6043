import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { FormFooter } from './form-footer';

type Props = {
  failure: unknown;
  onSetPaymentPassword: () => void;
  submitLabel: string;
  submitTestId: string;
  loading: boolean;
  /** Shown above the failure, e.g. what the request will cost. */
  children?: ReactNode;
};

/**
 * The footer of every form confirmed with the payment password: why it was refused, a way to set
 * the payment password when that is the reason, and the submit button.
 */
export function SecuredFormFooter({ failure, onSetPaymentPassword, submitLabel, submitTestId, loading, children }: Props) {
  const { t } = useTranslation();
  const notSet = failure instanceof ApiError && failure.code === 'PAYMENT_PASSWORD_NOT_SET';
  return (
    <>
      {children}
      <FormFooter
        failure={failure}
        loading={loading}
        submitTestId={submitTestId}
        submitLabel={submitLabel}
        failureAction={
          notSet && (
            <Button size="small" color="primary" onClick={onSetPaymentPassword}>
              {t('payPassword.setAction')}
            </Button>
          )
        }
      />
    </>
  );
}
