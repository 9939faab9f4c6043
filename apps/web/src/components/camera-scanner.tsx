import { Button, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decodeVideoFrame } from '../lib/qr-canvas';
import styles from './camera-scanner.module.css';

type Props<T> = {
  open: boolean;
  onClose: () => void;
  /** What a code's text means to the caller, or null for a code it cannot use (scanning goes on). Stable across renders. */
  read: (text: string) => T | null;
  /** A usable code was seen. Stable across renders. */
  onRead: (value: T) => void;
  /** Offered when the camera cannot be used. */
  onChoosePicture: () => void;
  title: string;
  hint: string;
  /** Shown while the camera sees a QR code that `read` cannot use. */
  unrecognised: string;
};

type CameraState = 'starting' | 'scanning' | 'denied' | 'noCamera' | 'unavailable' | 'failed';

const SCAN_INTERVAL_MS = 150;

/** Why the camera cannot be used, from getUserMedia's error. */
function cameraProblem(error: unknown): CameraState {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'noCamera';
  return 'failed';
}

/**
 * Scans QR codes (payment codes, wallet addresses) with the back camera (getUserMedia + jsQR), full screen. The camera exists
 * only on secure origins and with the person's permission; when refused or missing, the scanner
 * says so and offers choosing a picture instead. The camera stops when the scanner closes.
 */
export function CameraScanner<T>({ open, onClose, read, onRead, onChoosePicture, title, hint, unrecognised: unrecognisedText }: Props<T>) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const [unrecognised, setUnrecognised] = useState(false);

  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');
    setUnrecognised(false);

    const scan = () => {
      if (stopped || !video.current) return;
      const text = decodeVideoFrame(video.current, canvas);
      const value = text === null ? null : read(text);
      if (value !== null) return onRead(value);
      if (text !== null) setUnrecognised(true);
      timer = setTimeout(scan, SCAN_INTERVAL_MS);
    };

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) return setState('unavailable');
      setState('starting');
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (error) {
        if (!stopped) setState(cameraProblem(error));
        return;
      }
      if (stopped || !video.current) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      setState('scanning');
      scan();
    };
    void start();

    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [open, read, onRead]);

  const problem = state === 'scanning' || state === 'starting' ? null : state;
  return (
    <Popup visible={open} onClose={onClose} position="bottom" destroyOnClose bodyClassName={styles.scanner}>
      <div className={styles.scannerBar}>
        <h2 className={styles.scannerTitle}>{title}</h2>
        <button type="button" className={styles.scannerClose} onClick={onClose} aria-label={t('paymentCode.close')}>
          <CloseOutline aria-hidden="true" />
        </button>
      </div>
      <div className={styles.viewport}>
        <video ref={video} className={styles.video} muted playsInline hidden={problem !== null} />
        {problem === null && <div className={styles.frame} aria-hidden="true" />}
        {problem !== null && (
          <div className={styles.cameraProblem} role="alert" data-testid="camera-problem">
            <p>{t(`paymentCode.camera.${problem}`)}</p>
          </div>
        )}
      </div>
      {problem === null && (
        <p className={styles.scannerHint} role="status">
          {unrecognised ? unrecognisedText : state === 'starting' ? t('paymentCode.cameraStarting') : hint}
        </p>
      )}
      <div className={styles.scannerActions}>
        <Button block color="primary" onClick={onChoosePicture} data-testid="camera-choose-picture">
          {t('paymentCode.choosePicture')}
        </Button>
      </div>
    </Popup>
  );
}
