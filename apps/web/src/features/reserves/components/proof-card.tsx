import type { ReservesProof } from '@wallet/contract';
import { Button, Tag } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill, MinusCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FigureList } from '../../../components/figure-list';
import { downloadFile } from '../../../lib/download-file';
import { type CheckItem, checkItems } from '../check-items';
import type { MemberCheck } from '../check-proof';
import { money, unitsMoney } from '../money';
import { HashValue } from './hash-value';
import styles from './reserves.module.css';

type Props = {
  proof: ReservesProof;
  check: MemberCheck;
  /** Whether the server holds this app's result for the proof: a failure then says it was reported. */
  reported: boolean;
};

/** One currency's proof: the balance committed, what the app checked, the path up to the root, and the file to check it elsewhere. */
export function ProofCard({ proof, check, reported }: Props) {
  const { t } = useTranslation();
  const currency = proof.currency;
  return (
    <div className={styles.item} data-testid={`proof-${currency}`}>
      <div className={styles.head}>
        <span>{currency}</span>
        <Tag color={check.ok ? 'success' : 'danger'} fill="outline" data-testid={`proof-status-${currency}`}>
          {check.ok ? t('reserves.mine.included') : t('reserves.mine.failed')}
        </Tag>
      </div>
      <FigureList
        figures={[
          {
            key: 'balance',
            label: t('reserves.mine.balance'),
            value: money(proof.leaf.balance, currency),
            strong: true,
            testId: `proof-balance-${currency}`,
          },
        ]}
      />
      {!check.ok && check.failure && (
        <div className={styles.bad} role="alert" data-testid={`proof-failure-${currency}`}>
          <p className={styles.text}>{t('reserves.mine.reason', { reason: t(`reserves.failure.${check.failure}`) })}</p>
          <p className={styles.text}>{reported ? t('reserves.mine.reported') : t('reserves.mine.reporting')}</p>
        </div>
      )}
      <span className={styles.label}>{t('reserves.mine.checks')}</span>
      <ul className={styles.checks} data-testid={`proof-checks-${currency}`}>
        {checkItems(check, proof.path.length).map((item) => (
          <CheckLine key={item.key} item={item} />
        ))}
      </ul>
      <details className={styles.details}>
        <summary>{t('reserves.mine.path')}</summary>
        <ProofPath proof={proof} />
      </details>
      <div className={styles.actions}>
        <Button color="primary" fill="outline" onClick={() => downloadProof(proof)} data-testid={`proof-download-${currency}`}>
          {t('reserves.mine.download')}
        </Button>
      </div>
    </div>
  );
}

function CheckLine({ item }: { item: CheckItem }) {
  const { t } = useTranslation();
  const text =
    item.key === 'leaf'
      ? t('reserves.mine.checkLeaf')
      : item.key === 'root'
        ? t('reserves.mine.checkRoot')
        : item.key === 'total'
          ? t('reserves.mine.checkTotal')
          : t('reserves.mine.checkLevel', { level: item.level });
  const icon =
    item.state === 'ok' ? (
      <CheckCircleFill className={styles.ok} aria-hidden="true" />
    ) : item.state === 'bad' ? (
      <CloseCircleFill className={styles.bad} aria-hidden="true" />
    ) : (
      <MinusCircleOutline className={styles.pending} aria-hidden="true" />
    );
  return (
    <li className={styles.check} data-state={item.state}>
      {icon}
      <span>{text}</span>
    </li>
  );
}

function ProofPath({ proof }: { proof: ReservesProof }) {
  const { t } = useTranslation();
  return (
    <div data-testid={`proof-path-${proof.currency}`}>
      <p className={styles.muted}>{t('reserves.mine.pathText')}</p>
      {proof.path.map((step, index) => (
        // The path is fixed for a proof: its place is its identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: a proof's steps never move
        <div key={index} className={styles.item}>
          <span className={styles.label}>{t('reserves.mine.step', { level: index + 1, side: t(`reserves.mine.side.${step.side}`) })}</span>
          <HashValue value={step.hash} label={t('reserves.mine.copyHash')} short />
          <span className={styles.muted}>{t('reserves.mine.sum', { sum: unitsMoney(step.sum, proof.currency) })}</span>
        </div>
      ))}
      <div className={styles.item}>
        <span className={styles.label}>{t('reserves.mine.rootStep')}</span>
        <HashValue value={proof.root.hash} label={t('reserves.mine.copyHash')} short />
        <span className={styles.muted}>{t('reserves.mine.sum', { sum: unitsMoney(proof.root.sum, proof.currency) })}</span>
      </div>
    </div>
  );
}

/** The proof as the server sent it, one currency a file, for `npm run verify-proof -- FILE`. */
function downloadProof(proof: ReservesProof): void {
  const blob = new Blob([`${JSON.stringify(proof, null, 2)}\n`], { type: 'application/json' });
  downloadFile(blob, `proof-of-reserves-${proof.currency}-${proof.cutoffAt.slice(0, 10)}.json`);
}
