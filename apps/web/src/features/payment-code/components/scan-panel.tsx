import { LIMITS } from '@wallet/contract';
import { Button, Toast } from 'antd-mobile';
import { PictureOutline, ScanningOutline } from 'antd-mobile-icons';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraScanner } from '../../../components/camera-scanner';
import { decodeQrFile } from '../../../lib/qr-canvas';
import styles from './payment-code.module.css';
import { uidFromScan } from './payment-link';

type Props = {
  /** A payment code was recognised: pay this UID. */
  onUid: (uid: string) => void;
  /** Open the camera at once (arriving from "scan" on the transfer page). */
  cameraFirst?: boolean;
};

/** Scan someone's payment code: with the camera, or from a picture (a screenshot or a saved code). */
export function ScanPanel({ onUid, cameraFirst = false }: Props) {
  const { t } = useTranslation();
  const file = useRef<HTMLInputElement>(null);
  const [camera, setCamera] = useState(cameraFirst);
  const [reading, setReading] = useState(false);
  const [failed, setFailed] = useState(false);

  const recognised = useCallback(
    (uid: string) => {
      setCamera(false);
      onUid(uid);
    },
    [onUid],
  );

  const choosePicture = () => {
    setCamera(false);
    file.current?.click();
  };

  const onFile = async (picked: File | undefined) => {
    if (!picked) return;
    setReading(true);
    setFailed(false);
    try {
      const text = await decodeQrFile(picked);
      const uid = text === null ? null : uidFromScan(text);
      if (uid) return recognised(uid);
      setFailed(true);
      Toast.show({ icon: 'fail', content: t('paymentCode.recognitionFailed'), duration: LIMITS.client.toastDurationMs });
    } finally {
      setReading(false);
      if (file.current) file.current.value = '';
    }
  };

  return (
    <div className={styles.scanPanel}>
      <p className={styles.hint}>{t('paymentCode.scanIntro')}</p>
      <div className={styles.scanButtons}>
        <Button color="primary" onClick={() => setCamera(true)} data-testid="scan-camera">
          <ScanningOutline aria-hidden="true" /> {t('paymentCode.scanCamera')}
        </Button>
        <Button color="primary" fill="outline" loading={reading} onClick={choosePicture} data-testid="scan-picture">
          <PictureOutline aria-hidden="true" /> {t('paymentCode.choosePicture')}
        </Button>
      </div>
      {failed && (
        <p className={styles.failed} role="alert" data-testid="scan-failed">
          {t('paymentCode.recognitionFailedText')}
        </p>
      )}
      <input
        ref={file}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="scan-file"
        onChange={(event) => void onFile(event.target.files?.[0])}
      />
      <CameraScanner
        open={camera}
        onClose={() => setCamera(false)}
        read={uidFromScan}
        onRead={recognised}
        onChoosePicture={choosePicture}
        title={t('paymentCode.scanTitle')}
        hint={t('paymentCode.scanHint')}
        unrecognised={t('paymentCode.notPaymentCode')}
      />
    </div>
  );
}
