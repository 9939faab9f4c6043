import { CopyButton } from './copy-button';
import styles from './copyable-value.module.css';

type Props = { value: string; label: string; testId?: string };

/** A long identifier (address, hash, reference) shown whole in a monospace face, with a copy button. */
export function CopyableValue({ value, label, testId }: Props) {
  return (
    <span className={styles.row}>
      <code className={styles.value} data-testid={testId}>
        {value}
      </code>
      <CopyButton text={value} label={label} />
    </span>
  );
}
