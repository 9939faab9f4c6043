import { CopyButton } from '../../../components/copy-button';
import styles from './reserves.module.css';

type Props = { value: string; label: string; short?: boolean; testId?: string };

/** A hash, address or signature in a monospace face that wraps; `short` shows its ends only, the copy button copies it whole. */
export function HashValue({ value, label, short = false, testId }: Props) {
  const shown = short && value.length > 20 ? `${value.slice(0, 10)}…${value.slice(-8)}` : value;
  return (
    <span className={styles.hash}>
      <code translate="no" data-testid={testId} title={short ? value : undefined}>
        {shown}
      </code>
      <CopyButton text={value} label={label} />
    </span>
  );
}
