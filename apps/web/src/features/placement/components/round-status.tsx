import type { PlacementRound, RoundStatus } from '@wallet/contract';
import { ProgressBar, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import { units } from './my-placement';
import styles from './placement.module.css';

const STATUS_COLOR: Readonly<Record<RoundStatus, string>> = {
  open: 'success',
  upcoming: 'primary',
  sold_out: 'warning',
  closed: 'default',
};

/** The round's status and whether it asks for KYC. */
export function RoundTags({ round }: { round: PlacementRound }) {
  const { t } = useTranslation();
  return (
    <span className={styles.tags}>
      <Tag color={STATUS_COLOR[round.status]} data-testid="round-status">
        {t(`placement.status.${round.status}`)}
      </Tag>
      {round.kycRequired && (
        <Tag color="primary" fill="outline">
          {t('placement.kycRequired')}
        </Tag>
      )}
    </span>
  );
}

/** Sold of total as a bar; the percentage is only for the bar, the figures beside it are exact. */
export function SoldProgress({ round }: { round: PlacementRound }) {
  const { t } = useTranslation();
  // Whole units below 10^12: a Number is exact here, and only sets the bar's width.
  const percent = Number(round.totalQuantity) > 0 ? Math.min(100, (Number(round.sold) / Number(round.totalQuantity)) * 100) : 0;
  return (
    <div>
      <ProgressBar percent={percent} />
      <p className={styles.muted} data-testid="round-sold">
        {t('placement.soldOf', { sold: units(round.sold), total: units(round.totalQuantity) })}
      </p>
    </div>
  );
}

export function RoundWindow({ round }: { round: PlacementRound }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  return (
    <p className={styles.muted}>
      {t('placement.window', { start: formatDateTime(round.startsAt, language), end: formatDateTime(round.endsAt, language) })}
    </p>
  );
}
