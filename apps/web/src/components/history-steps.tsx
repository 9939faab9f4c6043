import { Steps } from 'antd-mobile';
import type { ReactNode } from 'react';
import { formatDateTime } from '../lib/format';
import { useAppStore } from '../lib/store';
import styles from './history-steps.module.css';

export type HistoryStep = { key: string; title: ReactNode; at: string; note: string | null; failed: boolean };

type Props = { steps: HistoryStep[]; testId?: string };

/**
 * What an order went through, oldest first, each step with its time and note. The last step is where
 * it stands: in progress, or red when it ended in a refusal or failure.
 */
export function HistorySteps({ steps, testId }: Props) {
  const language = useAppStore((state) => state.language);
  const last = steps.length - 1;
  return (
    <div className={styles.history} data-testid={testId}>
      <Steps direction="vertical" current={last}>
        {steps.map((step, index) => (
          <Steps.Step
            key={step.key}
            title={step.title}
            status={index === last ? (step.failed ? 'error' : 'process') : 'finish'}
            description={
              <>
                {formatDateTime(step.at, language)}
                {step.note && <div className={styles.note}>{step.note}</div>}
              </>
            }
          />
        ))}
      </Steps>
    </div>
  );
}
