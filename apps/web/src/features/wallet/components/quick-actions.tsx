import {
  AddCircleOutline,
  BillOutline,
  LoopOutline,
  PayCircleOutline,
  ReceivePaymentOutline,
  SendOutline,
  UploadOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './wallet.module.css';

type Action = { key: string; label: `home.actions.${string}`; to: string; icon: ReactNode };

/** The money screens of PRODUCT_SPEC.md section 2, one tap from home. */
const ACTIONS = [
  { key: 'topUp', label: 'home.actions.topUp', to: '/pages/topUpSun/index', icon: <AddCircleOutline /> },
  { key: 'withdraw', label: 'home.actions.withdraw', to: '/pages/withdrawSun/index', icon: <UploadOutline /> },
  { key: 'exchange', label: 'home.actions.exchange', to: '/pages/exchangeSun/index', icon: <LoopOutline /> },
  { key: 'payout', label: 'home.actions.payout', to: '/pages/huichu/index', icon: <PayCircleOutline /> },
  { key: 'transfer', label: 'home.actions.transfer', to: '/pages/transferMoneySun/index', icon: <SendOutline /> },
  { key: 'records', label: 'home.actions.records', to: '/pages/recordsSun/index', icon: <BillOutline /> },
  { key: 'paymentCode', label: 'home.actions.paymentCode', to: '/pages/mine/payment_code/index', icon: <ReceivePaymentOutline /> },
] as const satisfies readonly Action[];

export function QuickActions() {
  const { t } = useTranslation();
  return (
    <nav className={styles.actions} aria-label={t('home.actions.title')}>
      {ACTIONS.map((action) => (
        <Link key={action.key} className={styles.action} to={action.to} data-testid={`action-${action.key}`}>
          <span className={styles.actionIcon} aria-hidden="true">
            {action.icon}
          </span>
          {t(action.label)}
        </Link>
      ))}
    </nav>
  );
}
