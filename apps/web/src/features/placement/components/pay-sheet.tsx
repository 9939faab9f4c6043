import { nodeUpgradeBodySchema } from '@wallet/contract';
import { Button, Popup } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { type Figure, FigureList } from '../../../components/figure-list';
import { PayPasswordForm } from '../../../components/pay-password-form';
import { withRedirect } from '../../../lib/redirect';
import { useApiForm } from '../../../lib/use-api-form';
import styles from './placement.module.css';

const PASSWORD_ERRORS = { PAYMENT_PASSWORD_WRONG: 'paymentPassword', PAYMENT_PASSWORD_FORMAT: 'paymentPassword' } as const;

/** The form state of a sheet's payment password: its field, and what the server said about the last try. */
export function usePasswordForm() {
  return useApiForm(nodeUpgradeBodySchema, { fieldOf: PASSWORD_ERRORS });
}

type Props = {
  visible: boolean;
  title: string;
  /** What moves, exactly as it will move, shown before the password. */
  figures: Figure[];
  form: ReturnType<typeof usePasswordForm>;
  onSubmit: (paymentPassword: string) => void;
  onClose: () => void;
  pending: boolean;
  submitLabel: string;
  /** The password field's test id; the sheet is `${testId}-sheet`, the button `${testId}-submit`. */
  testId: string;
  children?: ReactNode;
};

/**
 * The payment-password sheet every placement and node action confirms with, as the exchange does:
 * the figures first, then the 6 digits. It stays open on a refusal so a retry sends the same key.
 */
export function PaySheet({ visible, title, figures, form, onSubmit, onClose, pending, submitLabel, testId, children }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Popup visible={visible} onMaskClick={pending ? undefined : onClose} bodyStyle={{ borderRadius: '16px 16px 0 0' }} destroyOnClose>
      <div className={styles.sheet} data-testid={`${testId}-sheet`}>
        <h2 className={styles.sheetTitle}>{title}</h2>
        <FigureList figures={figures} testId={`${testId}-figures`} />
        {children}
        <PayPasswordForm
          form={form}
          onSubmit={(paymentPassword) => {
            if (form.check({ paymentPassword })) onSubmit(paymentPassword);
          }}
          loading={pending}
          label={t('placement.payPassword')}
          testId={testId}
          submitLabel={submitLabel}
          onSetPaymentPassword={() => navigate(withRedirect('/pages/password_pay/index', `${location.pathname}${location.search}`))}
        />
        <Button block fill="none" onClick={onClose} disabled={pending}>
          {t('common.cancel')}
        </Button>
      </div>
    </Popup>
  );
}
