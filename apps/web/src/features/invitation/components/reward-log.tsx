import { REWARD_STATUSES, REWARD_TYPE_CODES, type RewardRow, type RewardStatus } from '@wallet/contract';
import { List } from 'antd-mobile';
import { GiftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PagedList } from '../../../components/paged-list';
import { TextButton } from '../../../components/text-button';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { ledgerTypeLabel } from '../../../lib/ledger-type-label';
import { useAppStore } from '../../../lib/store';
import { type RewardFilters, useRewards } from '../api/get-rewards';
import styles from './invitation.module.css';

const money = (amount: string, currency: RewardRow['currency']) => `${formatMoney(amount, currency)} ${currency}`;

function RewardItem({ reward }: { reward: RewardRow }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const shown = reward.status === 'available' ? reward.paid : reward.amount;
  const details = [
    t('invitation.log.level', { level: reward.level }),
    t('invitation.log.from', { email: reward.from.email }),
    reward.rule ? t('invitation.log.rule', { rule: reward.rule.text }) : null,
    reward.source.amount && reward.source.currency
      ? t('invitation.log.source', { amount: reward.source.amount, currency: reward.source.currency })
      : null,
  ].filter(Boolean);
  return (
    <List.Item data-testid="reward-row" data-status={reward.status}>
      <div className={styles.reward}>
        <div className={styles.rewardHead}>
          <span className={styles.email}>{ledgerTypeLabel(reward.typeCode, language, String(reward.typeCode))}</span>
          <span className={styles.rewardAmount} data-testid="reward-amount">
            {money(shown, reward.currency)}
          </span>
        </div>
        <div className={styles.rewardHead}>
          <span className={styles.muted} data-testid="reward-status">
            {t(`invitation.log.statuses.${reward.status}`)}
          </span>
          <span className={styles.muted}>{formatDateTime(reward.createdAt, language)}</span>
        </div>
        {reward.reason && (
          <span className={styles.reason} data-testid="reward-reason">
            {t(`invitation.log.reasons.${reward.reason}`)}
          </span>
        )}
        <span className={styles.muted}>{details.join(' · ')}</span>
        {reward.availableAt && (reward.status === 'pending' || reward.status === 'available') && (
          <span className={styles.muted}>{t('invitation.log.availableAt', { time: formatDateTime(reward.availableAt, language) })}</span>
        )}
      </div>
    </List.Item>
  );
}

type Props = { filters: RewardFilters; onChange: (filters: RewardFilters) => void };

/** The reward log with its filters (status, type) and the reason behind each row, a page at a time. */
export function RewardLog({ filters, onChange }: Props) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const rewards = useRewards(filters);
  const filtered = filters.status !== null || filters.type !== null;
  return (
    <>
      <div className={styles.filters}>
        <select
          className={styles.select}
          aria-label={t('invitation.log.statusFilter')}
          value={filters.status ?? ''}
          onChange={(event) => onChange({ ...filters, status: (event.target.value || null) as RewardStatus | null })}
          data-testid="reward-filter-status"
        >
          <option value="">{t('invitation.log.allStatuses')}</option>
          {REWARD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`invitation.log.statuses.${status}`)}
            </option>
          ))}
        </select>
        <select
          className={styles.select}
          aria-label={t('invitation.log.typeFilter')}
          value={filters.type ?? ''}
          onChange={(event) => onChange({ ...filters, type: event.target.value ? Number(event.target.value) : null })}
          data-testid="reward-filter-type"
        >
          <option value="">{t('invitation.log.allTypes')}</option>
          {REWARD_TYPE_CODES.map((code) => (
            <option key={code} value={code}>
              {ledgerTypeLabel(code, language, String(code))}
            </option>
          ))}
        </select>
      </div>
      <PagedList
        pages={rewards}
        itemsOf={(page) => page.rewards}
        errorTitle={t('invitation.log.error')}
        empty={
          filtered ? (
            <EmptyState image={<GiftOutline />} title={t('invitation.log.emptyFiltered')} compact>
              <TextButton onClick={() => onChange({ status: null, type: null })}>{t('invitation.log.clearFilters')}</TextButton>
            </EmptyState>
          ) : (
            <EmptyState image={<GiftOutline />} title={t('invitation.log.empty')} description={t('invitation.log.emptyText')} compact />
          )
        }
        endText={t('invitation.log.end')}
        rows={4}
        compact
      >
        {(rows) => (
          <List data-testid="reward-list">
            {rows.map((reward) => (
              <RewardItem key={reward.id} reward={reward} />
            ))}
          </List>
        )}
      </PagedList>
    </>
  );
}
