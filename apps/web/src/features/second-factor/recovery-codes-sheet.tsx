import { LIMITS } from '@wallet/contract';
import { Button, Popup, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import proofStyles from '../../components/proof-sheet.module.css';
import { copyText } from '../../lib/copy-text';
import styles from './second-factor.module.css';

type Props = { codes: string[] | null; onClose: () => void };

/** New recovery codes, shown this once; the sheet closes only when the member says they saved them. */
export function RecoveryCodesSheet({ codes, onClose }: Props) {
  const { t } = useTranslation();
  const copy = async () => {
    const copied = await copyText((codes ?? []).join('\n'));
    Toast.show({ content: copied ? t('common.copied') : t('common.copyFailed'), duration: LIMITS.client.toastDurationMs });
  };
  return (
    <Popup visible={codes !== null} destroyOnClose bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      <div className={proofStyles.sheet} data-testid="recovery-codes">
        <h2 className={proofStyles.sheetTitle}>{t('secondFactor.recovery.newTitle')}</h2>
        <p className={proofStyles.sheetIntro}>{t('secondFactor.recovery.shownOnce')}</p>
        <div className={proofStyles.stack}>
          <ul className={styles.codes}>
            {codes?.map((code) => (
              <li key={code} data-testid="recovery-code">
                {code}
              </li>
            ))}
          </ul>
          <Button block onClick={() => void copy()} data-testid="recovery-copy">
            {t('secondFactor.recovery.copy')}
          </Button>
          <Button block color="primary" onClick={onClose} data-testid="recovery-saved">
            {t('secondFactor.recovery.saved')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
