import { useQueryClient } from '@tanstack/react-query';
import { lockTokenSchema } from '@wallet/contract';
import { Button } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DoneCard } from '../../components/done-card';
import { EmptyState } from '../../components/empty-state';
import { FormCard } from '../../components/form-card';
import { FormFailure } from '../../components/form-failure';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { useLockAccount } from '../../features/address-book/api/lock-account';
import { useAppStore } from '../../lib/store';
import styles from './lock-account.module.css';

const SUPPORT_PATH = '/pages/service/index';

/**
 * The "it was not me" link of a security email (#/pages/lockAccount/index?token=…). Nothing happens
 * on opening it, so a mail scanner following links locks nothing; the member confirms with the button.
 */
export default function LockAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = lockTokenSchema.safeParse(params.get('token') ?? '');
  const lock = useLockAccount();
  const logOut = useAppStore((state) => state.logOut);
  const signedIn = useAppStore((state) => state.signedIn);
  const queryClient = useQueryClient();

  const confirm = () => {
    if (!token.success) return;
    lock.mutate(token.data, {
      onSuccess: () => {
        // This browser's session ended with the others.
        if (signedIn) logOut();
        queryClient.clear();
      },
    });
  };

  const body = () => {
    if (!token.success) {
      return (
        <EmptyState
          image={<ExclamationCircleOutline />}
          title={t('addressBook.lock.missing')}
          description={t('addressBook.lock.missingText')}
        >
          <Button color="primary" fill="outline" onClick={() => navigate(SUPPORT_PATH)}>
            {t('addressBook.lock.support')}
          </Button>
        </EmptyState>
      );
    }
    if (lock.isSuccess) {
      return (
        <DoneCard
          title={t('addressBook.lock.done')}
          description={t('addressBook.lock.doneText')}
          action={t('addressBook.lock.support')}
          onAction={() => navigate(SUPPORT_PATH, { replace: true })}
          testId="lock-done"
        />
      );
    }
    return (
      <FormCard description={t('addressBook.lock.intro')}>
        <div className={styles.actions}>
          <FormFailure error={lock.error} />
          <Button block size="large" color="danger" loading={lock.isPending} onClick={confirm} data-testid="lock-confirm">
            {t('addressBook.lock.confirm')}
          </Button>
        </div>
      </FormCard>
    );
  };

  return (
    <>
      <NavBar title={t('addressBook.lock.title')} back />
      <PageBody>{body()}</PageBody>
    </>
  );
}
