import { LIMITS } from '@wallet/contract';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/copy-text';
import styles from './copy-button.module.css';
import { CopyIcon } from './copy-icon';

type Props = { text: string; label: string; testId?: string };

/** A small icon button that copies `text`; `label` says what is copied, for screen readers. */
export function CopyButton({ text, label, testId }: Props) {
  const { t } = useTranslation();
  const onClick = async () => {
    const copied = await copyText(text);
    Toast.show({ content: copied ? t('common.copied') : t('common.copyFailed'), duration: LIMITS.client.toastDurationMs });
  };
  return (
    <button type="button" className={styles.button} onClick={() => void onClick()} aria-label={label} data-testid={testId}>
      <CopyIcon />
    </button>
  );
}
