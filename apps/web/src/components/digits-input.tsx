import { Input } from 'antd-mobile';
import styles from './form-controls.module.css';

type Props = {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  length: number;
  /** Hidden like a password (payment password), or shown (emailed code). */
  secret?: boolean;
};

/**
 * A fixed number of digits: the phone shows its number pad, anything else typed or pasted is
 * dropped. A plain input, so a browser test can fill it like any other.
 */
export function DigitsInput({ id, value, onChange, placeholder, length, secret = false }: Props) {
  return (
    <Input
      id={id}
      className={styles.digits}
      type={secret ? 'password' : 'text'}
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete={secret ? 'off' : 'one-time-code'}
      maxLength={length}
      value={value}
      onChange={(next) => onChange?.(next.replace(/\D/g, '').slice(0, length))}
      placeholder={placeholder}
    />
  );
}
