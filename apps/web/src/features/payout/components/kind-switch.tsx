import { PAYEE_KINDS, type PayeeKind } from '@wallet/contract';
import { Segmented } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './payout.module.css';

/** Alipay or bank card: which kind of account the screen is about. */
export function KindSwitch({ value, onChange }: { value: PayeeKind; onChange: (kind: PayeeKind) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.kindSwitch}>
      <Segmented
        block
        value={value}
        onChange={(next) => onChange(next as PayeeKind)}
        options={PAYEE_KINDS.map((kind) => ({ value: kind, label: <span data-testid={`kind-${kind}`}>{t(`payout.kind.${kind}`)}</span> }))}
      />
    </div>
  );
}
