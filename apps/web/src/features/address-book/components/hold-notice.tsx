import type { AddressBookReply } from '@wallet/contract';
import { NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import styles from './address-book.module.css';

/** While every withdrawal waits after a password or bound-address change: until when, and why. */
export function HoldNotice({ book }: { book: AddressBookReply }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  if (!book.withdrawalsHeldUntil || !book.withdrawalsHeldReason) return null;
  return (
    <div className={styles.hold} data-testid="withdrawals-held">
      <NoticeBar
        color="alert"
        wrap
        content={
          <>
            <div className={styles.holdTitle}>
              {t('addressBook.held.title', { time: formatDateTime(book.withdrawalsHeldUntil, language) })}
            </div>
            <div>{t(`addressBook.held.${book.withdrawalsHeldReason}`)}</div>
          </>
        }
      />
    </div>
  );
}
