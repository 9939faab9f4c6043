import type { NodeDashboard, NodeOffer } from '@wallet/contract';
import { Button, ProgressBar } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureList } from '../../../components/figure-list';
import { useAttemptKeys } from '../../../lib/attempt-keys';
import { showToast } from '../../../lib/toast';
import { useUpgradeNodes } from '../api/nodes';
import { sbc } from './my-placement';
import { PaySheet, usePasswordForm } from './pay-sheet';
import styles from './placement.module.css';

/** Nodes held, the way to a large node (small nodes held of those one upgrade takes), and the next reward. */
export function NodeFigures({ dashboard, offer }: { dashboard: NodeDashboard; offer: NodeOffer }) {
  const { t } = useTranslation();
  const { nodes, upgrade } = dashboard;
  const [open, setOpen] = useState(false);
  const keys = useAttemptKeys();
  const password = usePasswordForm();
  const upgradeNodes = useUpgradeNodes();
  const percent = upgrade.ratio > 0 ? Math.min(100, (upgrade.have / upgrade.ratio) * 100) : 0;

  const submit = (paymentPassword: string) =>
    upgradeNodes.mutate(
      // One upgrade per confirmation: a retry of this one resends its key, a later upgrade gets a new one.
      { body: { paymentPassword }, idempotencyKey: keys.keyFor(`upgrade:${nodes.small}:${nodes.large}`) },
      {
        onSuccess: keys.done(() => {
          setOpen(false);
          showToast({ content: t('nodes.upgrade.done') });
        }),
        onError: password.showError,
      },
    );

  return (
    <div className={styles.rows}>
      <FigureList
        testId="node-figures"
        figures={[
          { key: 'small', label: t('nodes.small'), value: String(nodes.small), strong: true, testId: 'nodes-small' },
          { key: 'large', label: t('nodes.large'), value: String(nodes.large), strong: true, testId: 'nodes-large' },
          {
            key: 'estimate',
            label: t('nodes.nextReward'),
            value: dashboard.nextRewardEstimate === null ? t('nodes.noEstimate') : sbc(dashboard.nextRewardEstimate),
            testId: 'nodes-estimate',
          },
          { key: 'total', label: t('nodes.rewardsTotal'), value: sbc(dashboard.rewardsTotal), testId: 'nodes-rewards-total' },
          { key: 'share', label: t('nodes.share'), value: `${offer.dpoolSharePercent}%` },
        ]}
      />
      <div>
        <ProgressBar percent={percent} />
        <p className={styles.muted} data-testid="upgrade-progress">
          {t('nodes.upgrade.progress', { have: upgrade.have, ratio: upgrade.ratio })}
        </p>
      </div>
      <Button
        block
        color="primary"
        fill="outline"
        disabled={!upgrade.canUpgrade}
        onClick={() => {
          password.clearFailure();
          setOpen(true);
        }}
        data-testid="upgrade"
      >
        {t('nodes.upgrade.action')}
      </Button>
      <PaySheet
        visible={open}
        title={t('nodes.upgrade.confirm')}
        figures={[
          { key: 'use', label: t('nodes.upgrade.use'), value: String(upgrade.ratio) },
          { key: 'gain', label: t('nodes.upgrade.gain'), value: '1', strong: true },
        ]}
        form={password}
        onSubmit={submit}
        onClose={() => setOpen(false)}
        pending={upgradeNodes.isPending}
        submitLabel={t('nodes.upgrade.action')}
        testId="upgrade-password"
      />
    </div>
  );
}
