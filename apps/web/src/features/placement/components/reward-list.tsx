import type { NodeReward } from '@wallet/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { FigureList } from '../../../components/figure-list';
import { PagedList } from '../../../components/paged-list';
import { formatDateTime } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import { useErrorText } from '../../../lib/use-error-text';
import { getRewardProof, useNodeRewards } from '../api/nodes';
import { sbc } from './my-placement';
import styles from './placement.module.css';

type Check = { state: 'idle' | 'checking' } | { state: 'done'; ok: boolean; holders: number } | { state: 'failed'; message: string };

/** "Check my line": fetches my proof and verifies it against the period's root here, not on trust. */
function CheckLine({ reward }: { reward: NodeReward }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const run = async () => {
    setCheck({ state: 'checking' });
    try {
      const [proof, { checkLine }] = await Promise.all([getRewardProof(reward.periodId), import('../verify-line')]);
      const ok = checkLine(proof, { root: reward.merkleRoot, amount: reward.amount, periodId: reward.periodId });
      setCheck({ state: 'done', ok, holders: proof.holders });
    } catch (error) {
      setCheck({ state: 'failed', message: errorText(error) });
    }
  };
  return (
    <div className={styles.actions}>
      <Button size="small" fill="outline" loading={check.state === 'checking'} onClick={() => void run()} data-testid="check-line">
        {t('nodes.rewards.check')}
      </Button>
      {check.state === 'done' && (
        <span className={check.ok ? styles.ok : styles.bad} data-testid="check-result">
          {check.ok ? t('nodes.rewards.checkOk', { holders: check.holders }) : t('nodes.rewards.checkBad')}
        </span>
      )}
      {check.state === 'failed' && (
        <span className={styles.bad} data-testid="check-result">
          {check.message}
        </span>
      )}
    </div>
  );
}

function RewardItem({ reward }: { reward: NodeReward }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  return (
    <div className={styles.item} data-testid={`reward-${reward.periodId}`}>
      <div className={styles.itemHead}>
        <span>{reward.period}</span>
        <span data-testid="reward-amount">{`+${sbc(reward.amount)}`}</span>
      </div>
      <FigureList
        figures={[
          { key: 'pool', label: t('nodes.rewards.pool'), value: sbc(reward.poolAmount) },
          {
            key: 'nodes',
            label: t('nodes.rewards.nodes'),
            value: t('nodes.rewards.nodesOf', { mine: reward.largeNodes, all: reward.largeNodesTotal }),
          },
          { key: 'carry', label: t('nodes.rewards.carry'), value: sbc(reward.carryAfter) },
          { key: 'paid', label: t('nodes.rewards.paidAt'), value: formatDateTime(reward.paidAt, language) },
        ]}
      />
      <span className={styles.muted}>{t('nodes.rewards.root')}</span>
      <span className={styles.hash} data-testid="reward-root">
        {reward.merkleRoot}
      </span>
      <CheckLine reward={reward} />
    </div>
  );
}

/** My node rewards, a period each, exactly as paid, with the way to check each against its root. */
export function RewardList() {
  const { t } = useTranslation();
  const pages = useNodeRewards();
  return (
    <PagedList
      pages={pages}
      itemsOf={(page) => page.items}
      errorTitle={t('nodes.rewards.error')}
      empty={
        <div data-testid="rewards-empty">
          <EmptyState title={t('nodes.rewards.empty')} description={t('nodes.rewards.emptyText')} compact />
        </div>
      }
      endText={t('nodes.rewards.end')}
      rows={4}
      compact
    >
      {(items) => (
        <div data-testid="rewards">
          {items.map((reward) => (
            <RewardItem key={reward.periodId} reward={reward} />
          ))}
        </div>
      )}
    </PagedList>
  );
}
