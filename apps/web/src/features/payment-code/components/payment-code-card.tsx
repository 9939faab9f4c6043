import { LIMITS } from '@wallet/contract';
import { Button, Skeleton, Toast } from 'antd-mobile';
import { DownlandOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button';
import { downloadFile } from '../../../lib/download-file';
import { paymentCodePng } from '../../../lib/qr-canvas';
import { useQrImage } from '../../../lib/use-qr-image';
import styles from './payment-code.module.css';

type Props = { uid: string; name: string; link: string };

/** My payment code: a QR code others scan to pay me, my UID to copy, and the code saved as a picture. */
export function PaymentCodeCard({ uid, name, link }: Props) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);

  const { image, failed } = useQrImage(link);

  const save = async () => {
    setSaving(true);
    try {
      const png = await paymentCodePng(link, t('paymentCode.imageTitle'), t('paymentCode.uidValue', { uid }));
      downloadFile(png, `payment-code-${uid}.png`);
      Toast.show({ icon: 'success', content: t('paymentCode.saved'), duration: LIMITS.client.toastDurationMs });
    } catch {
      Toast.show({ icon: 'fail', content: t('paymentCode.saveFailed'), duration: LIMITS.client.toastDurationMs });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.card}>
      <p className={styles.name}>{name}</p>
      <p className={styles.hint}>{t('paymentCode.hint')}</p>
      <div className={styles.qr}>
        {image ? (
          <img src={image} alt={t('paymentCode.qrAlt', { uid })} className={styles.qrImage} data-testid="payment-qr" />
        ) : failed ? (
          <p className={styles.hint}>{t('paymentCode.qrFailed')}</p>
        ) : (
          <Skeleton animated className={styles.qrSkeleton} />
        )}
      </div>
      <div className={styles.uidRow}>
        <span className={styles.uidLabel}>{t('paymentCode.uid')}</span>
        <span className={styles.uid} data-testid="payment-uid">
          {uid}
        </span>
        <CopyButton text={uid} label={t('paymentCode.copyUid')} testId="payment-copy-uid" />
      </div>
      <Button
        block
        color="primary"
        fill="outline"
        loading={saving}
        disabled={!image}
        onClick={() => void save()}
        data-testid="payment-save"
      >
        <DownlandOutline aria-hidden="true" /> {t('paymentCode.save')}
      </Button>
    </div>
  );
}
