import type { RecordSubject as Subject } from '@wallet/contract';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CopyButton } from '../../../components/copy-button';
import { shortenAddress } from '../../../lib/format';
import styles from './records.module.css';

/** What a record is about, as a member reads it: the other member, or the order it belongs to, with a way there. */
export function RecordSubject({ subject }: { subject: Subject }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  switch (subject.kind) {
    case 'transfer':
      return (
        <List.Item
          extra={
            <span className={styles.counterparty} data-testid="record-counterparty">
              <span>{t('records.detail.member', { uid: subject.uid })}</span>
              <span>{subject.email}</span>
            </span>
          }
        >
          {subject.direction === 'out' ? t('records.detail.sentTo') : t('records.detail.receivedFrom')}
        </List.Item>
      );
    case 'withdrawal':
      return (
        <List.Item clickable onClick={() => navigate(`/pages/orderD/index?id=${subject.id}`)} extra={t('records.detail.viewWithdrawal')}>
          {t('records.detail.withdrawal')}
        </List.Item>
      );
    case 'payout':
      return (
        <List.Item clickable onClick={() => navigate(`/pages/huichu/order?id=${subject.id}`)} extra={t('records.detail.viewPayout')}>
          {t('records.detail.payout')}
        </List.Item>
      );
    case 'card':
      return (
        <List.Item clickable onClick={() => navigate(`/pages/cardBasic/index?id=${subject.id}`)}>
          {subject.last4 ? t('records.detail.cardNumber', { last4: subject.last4 }) : t('records.detail.cardPending')}
        </List.Item>
      );
    case 'deposit':
      return (
        <List.Item
          extra={
            <span className={styles.hash}>
              <span className={styles.mono}>{shortenAddress(subject.txHash, 8, 6)}</span>
              <CopyButton text={subject.txHash} label={t('records.detail.deposit')} />
            </span>
          }
          description={subject.network}
        >
          {t('records.detail.deposit')}
        </List.Item>
      );
  }
}
