import { Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './form-controls.module.css';

type Props = {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  autoComplete: 'current-password' | 'new-password';
};

/** A password with a show/hide toggle, so people can check what they typed on a phone keyboard. */
export function PasswordInput({ id, value, onChange, placeholder, autoComplete }: Props) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.withButton}>
      <Input
        id={id}
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        autoComplete={autoComplete}
        autoCapitalize="off"
        autoCorrect="off"
      />
      <button
        type="button"
        className={styles.iconButton}
        onClick={() => setVisible((shown) => !shown)}
        aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
        aria-pressed={visible}
      >
        {visible ? <EyeOutline aria-hidden="true" /> : <EyeInvisibleOutline aria-hidden="true" />}
      </button>
    </div>
  );
}
