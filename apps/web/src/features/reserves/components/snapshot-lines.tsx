import type { PublicSnapshot } from '@wallet/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FigureList } from '../../../components/figure-list';
import { money } from '../money';
import { fullyBacked, ratioPercent } from '../ratio';
import { HashValue } from './hash-value';
import styles from './reserves.module.css';

/** Per currency: what is owed, what is held, the ratio of the two, and the Merkle root of what is owed. */
export function SnapshotLines({ lines }: { lines: PublicSnapshot['lines'] }) {
  const { t } = useTranslation();
  return (
    <div data-testid="reserves-lines">
      {lines.map((line) => {
        const percent = ratioPercent(line.ratio);
        const backed = fullyBacked(line.ratio);
        return (
          <div key={line.currency} className={styles.item} data-testid={`line-${line.currency}`}>
            <div className={styles.head}>
              <span>{line.currency}</span>
              <Tag color={backed ? 'success' : 'danger'} fill="outline" data-testid={`backed-${line.currency}`}>
                {backed ? t('reserves.fullyBacked') : t('reserves.underBacked')}
              </Tag>
            </div>
            <FigureList
              figures={[
                {
                  key: 'owed',
                  label: t('reserves.liabilities'),
                  value: money(line.liabilities, line.currency),
                  testId: `liabilities-${line.currency}`,
                },
                { key: 'held', label: t('reserves.held'), value: money(line.reserves, line.currency), testId: `reserves-${line.currency}` },
                {
                  key: 'ratio',
                  label: t('reserves.ratio'),
                  // Coloured by whether it covers what is owed, not as every strong figure is.
                  value: (
                    <span className={backed ? styles.ok : styles.bad}>
                      {percent === null ? t('reserves.nothingOwed') : t('reserves.percent', { percent })}
                    </span>
                  ),
                  testId: `ratio-${line.currency}`,
                },
              ]}
            />
            <span className={styles.label}>{t('reserves.root')}</span>
            <HashValue value={line.root} label={t('reserves.copyRoot')} testId={`root-${line.currency}`} />
            <p className={styles.muted}>{t('reserves.balances', { count: line.leaves })}</p>
          </div>
        );
      })}
    </div>
  );
}
