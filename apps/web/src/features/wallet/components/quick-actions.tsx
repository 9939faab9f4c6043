import { AddCircleOutline, BillOutline, LoopOutline, ReceivePaymentOutline, SendOutline, UploadOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './wallet.module.css';

type Action = {
  key: 'topUp' | 'withdraw' | 'exchange' | 'transfer' | 'records' | 'paymentCode';
  to: string;
  icon: ReactNode;
};

/** The money screens of PRODUCT_SPEC.md section 2, one tap from home. */
const ACTIONS: readonly Action[] = [
  { key: 'topUp', to: '/pages/topUpSun/index', icon: <AddCircleOutline /> },
  { key: 'withdraw', to: '/pages/withdrawSun/index', icon: <UploadOutline /> },
  { key: 'exchange', to: '/pages/exchangeSun/index', icon: <LoopOutline /> },
  { key: 'transfer', to: '/pages/transferMoneySun/index', icon: <SendOutline /> },
  { key: 'records', to: '/pages/recordsSun/index', icon: <BillOutline /> },
  { key: 'paymentCode', to: '/pages/mine/payment_code/index', icon: <ReceivePaymentOutline /> },
];

export function QuickActions() {
  const { t } = useTranslation();
  return (
    <nav className={styles.actions} aria-label={t('home.actions.title')}>
      {ACTIONS.map((action) => (
        <Link key={action.key} className={styles.action} to={action.to} data-testid={`action-${action.key}`}>
          <span className={styles.actionIcon} aria-hidden="true">
            {action.icon}
          </span>
          {t(`home.actions.${action.key}`)}
        </Link>
      ))}
    </nav>
  );
}
