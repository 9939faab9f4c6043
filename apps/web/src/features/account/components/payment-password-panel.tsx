import { LIMITS } from '@wallet/contract';
import { Button, List, Tag, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { FormCard } from '../../../components/form-card';
import { LoadingState } from '../../../components/loading-state';
import { useErrorText } from '../../../lib/use-error-text';
import { useMe } from '../api/get-me';
import styles from './account.module.css';
import { ChangePaymentPasswordForm } from './change-payment-password-form';
import { SetPaymentPasswordForm } from './set-payment-password-form';

type Props = { onSaved?: () => void };

/**
 * The payment password: set it when there is none; otherwise change it with the current one, or
 * reset a forgotten one with an emailed code.
 */
export function PaymentPasswordPanel({ onSaved }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const me = useMe();
  const [resetting, setResetting] = useState(false);

  if (me.isPending) return <LoadingState rows={5} />;
  if (me.isError) {
    return (
      <ErrorState
        title={t('account.loadError')}
        description={errorText(me.error)}
        onRetry={() => void me.refetch()}
        retrying={me.isFetching}
      />
    );
  }

  const isSet = me.data.paymentPasswordSet;
  const saved = (message: string) => {
    Toast.show({ icon: 'success', content: message, duration: LIMITS.client.toastDurationMs });
    setResetting(false);
    onSaved?.();
  };

  return (
    <>
      <FormCard>
        <List>
          <List.Item description={t('payPassword.intro', { digits: LIMITS.secrets.paymentPasswordLength })}>
            <span className={styles.statusTitle}>
              {t('payPassword.status')}
              <Tag color={isSet ? 'success' : 'warning'} data-testid="pay-password-status">
                {isSet ? t('account.payPasswordState.set') : t('account.payPasswordState.notSet')}
              </Tag>
            </span>
          </List.Item>
        </List>
      </FormCard>
      {!isSet || resetting ? (
        <FormCard
          title={isSet ? t('payPassword.resetTitle') : t('payPassword.setTitle')}
          description={t('payPassword.codeTo', { email: me.data.emailMasked })}
        >
          <SetPaymentPasswordForm reset={isSet} onDone={() => saved(t('payPassword.setDone'))} />
        </FormCard>
      ) : (
        <FormCard title={t('payPassword.changeTitle')}>
          <ChangePaymentPasswordForm onDone={() => saved(t('payPassword.changeDone'))} />
        </FormCard>
      )}
      {isSet && (
        <div className={styles.switchMode}>
          <Button fill="none" color="primary" size="small" onClick={() => setResetting((on) => !on)} data-testid="pay-password-mode">
            {resetting ? t('payPassword.useCurrent') : t('payPassword.forgot')}
          </Button>
        </div>
      )}
    </>
  );
}
