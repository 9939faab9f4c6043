import { LIMITS, type Network } from '@wallet/contract';
import { Button, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/use-error-text';
import { useCheckTransaction } from '../api/check-transaction';
import styles from './top-up.module.css';

/** Paste a transaction hash to have it checked at once (credited only under the usual rules). */
export function CheckTxForm({ network }: { network: Network }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const check = useCheckTransaction();
  const [hash, setHash] = useState('');
  const submit = async () => {
    try {
      const found = await check.mutateAsync({ network, txHash: hash.trim() });
      Toast.show({ content: found.length > 0 ? t('topUp.checkFound') : t('topUp.checkNone'), duration: LIMITS.client.toastDurationMs });
      if (found.length > 0) setHash('');
    } catch (error) {
      Toast.show({ icon: 'fail', content: errorText(error), duration: LIMITS.client.toastDurationMs });
    }
  };
  return (
    <div className={styles.check}>
      <Input
        className={styles.checkInput}
        value={hash}
        onChange={setHash}
        placeholder={t('topUp.checkPlaceholder')}
        aria-label={t('topUp.checkPlaceholder')}
        data-testid="topup-check-hash"
      />
      <Button
        size="small"
        color="primary"
        loading={check.isPending}
        disabled={hash.trim().length < 10}
        onClick={() => void submit()}
        data-testid="topup-check"
      >
        {t('topUp.check')}
      </Button>
    </div>
  );
}
