import { ExclamationCircleFill } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useErrorText } from '../lib/use-error-text';
import styles from './form-controls.module.css';

type Props = { error: unknown; children?: ReactNode };

/** Why a form was refused, when it is about no one field; `children` offer a way forward. */
export function FormFailure({ error, children }: Props) {
  const errorText = useErrorText();
  if (!error) return null;
  return (
    <div className={styles.failure} role="alert">
      <ExclamationCircleFill className={styles.failureIcon} aria-hidden="true" />
      <div className={styles.failureBody}>
        <p className={styles.failureText}>{errorText(error)}</p>
        {children}
      </div>
    </div>
  );
}
