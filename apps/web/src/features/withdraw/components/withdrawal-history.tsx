import type { Withdrawal, WithdrawalNote } from '@wallet/contract';
import { Steps } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button';
import { formatDateTime, shortenAddress } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import styles from './withdrawal-history.module.css';

const FAILED: readonly Withdrawal['status'][] = ['rejected', 'failed'];

/** The sentence for a step's note code in the member's language; an unknown code says nothing. */
export function noteText(note: WithdrawalNote, t: TFunction): string {
  const { code, params } = note;
  switch (code) {
    case 'auto_approved':
      return params.amount
        ? t('withdrawalEvents.note.auto_approved', { amount: params.amount })
        : t('withdrawalEvents.note.auto_approvedNoAmount');
    case 'confirmed':
      return t('withdrawalEvents.note.confirmed', { block: params.block ?? '' });
    case 'rejected':
      return t('withdrawalEvents.note.rejected', { reason: params.reason ?? '' });
    default:
      return t(`withdrawalEvents.note.${code}`);
  }
}

/**
 * What a withdrawal went through, oldest first: each status with its time and what it means. A
 * transaction hash is shown short, once, with a button that copies it whole; the last step is where it
 * stands, red when it ended in a refusal or failure.
 */
export function WithdrawalHistory({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const last = withdrawal.history.length - 1;
  return (
    <div className={styles.history} data-testid="withdrawal-history">
      <Steps direction="vertical" current={last}>
        {withdrawal.history.map((step, index) => {
          // Signed and then sent with the same transaction: its hash is shown at the first of them.
          const hash = step.note?.params.txHash;
          const newHash = hash && !withdrawal.history.slice(0, index).some((before) => before.note?.params.txHash === hash);
          return (
            <Steps.Step
              key={`${step.status}-${step.at}`}
              title={t(`orders.status.${step.status}`)}
              status={index === last ? (FAILED.includes(step.status) ? 'error' : 'process') : 'finish'}
              description={
                <>
                  {formatDateTime(step.at, language)}
                  {step.note && (
                    <div className={styles.note} data-testid="withdrawal-history-note">
                      {noteText(step.note, t)}
                    </div>
                  )}
                  {newHash && (
                    <div className={styles.hash}>
                      <span>{t('withdrawalEvents.txHash')}</span>
                      <code>{shortenAddress(hash, 8, 6)}</code>
                      <CopyButton text={hash} label={t('withdrawalEvents.copyTxHash')} />
                    </div>
                  )}
                </>
              }
            />
          );
        })}
      </Steps>
    </div>
  );
}
