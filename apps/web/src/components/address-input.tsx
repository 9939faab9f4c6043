import type { BindableNetwork } from '@wallet/contract';
import { Input } from 'antd-mobile';
import { ScanningOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { readScannedAddress, type ScannedAddress, scanOutcome } from '../lib/address-scan';
import { ApiError } from '../lib/api-client';
import { useErrorText } from '../lib/use-error-text';
import styles from './form-controls.module.css';

const AddressCamera = lazy(() => import('./address-camera'));

type Props = {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** The network chosen in the form: a scanned code must be for it. */
  network: BindableNetwork | undefined;
  placeholder?: string;
};

/** Why a scan filled nothing or filled an address that will be refused, for the network it was scanned on. */
type Issue = { network: BindableNetwork | undefined; text: string };

/**
 * A wallet address, typed, pasted or scanned from a QR code (the camera, or a picture when there is
 * none or it is refused). A scanned address is checked for the chosen network as a typed one is.
 */
export function AddressInput({ id, value, onChange, network, placeholder }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const file = useRef<HTMLInputElement>(null);
  const [camera, setCamera] = useState(false);
  // Mounted from the first scan on, so the sheet can slide away when it closes.
  const [cameraUsed, setCameraUsed] = useState(false);
  const [issue, setIssue] = useState<Issue | null>(null);

  const onScanned = useCallback(
    (scanned: ScannedAddress) => {
      setCamera(false);
      const say = (text: string) => setIssue({ network, text });
      if (!network) return say(t('address.scan.notAddress'));
      const outcome = scanOutcome(scanned, network);
      if (outcome.kind === 'otherNetwork') {
        return say(t('address.scan.otherNetwork', { network: t(`network.${outcome.network}`), chosen: t(`network.${network}`) }));
      }
      if (outcome.kind === 'unknownNetwork') return say(t('address.scan.unknownNetwork'));
      onChange?.(outcome.address);
      setIssue(outcome.valid ? null : { network, text: errorText(new ApiError('ADDRESS_INVALID', 'address', 400)) });
    },
    [network, onChange, t, errorText],
  );

  const choosePicture = () => {
    setCamera(false);
    file.current?.click();
  };

  const onFile = async (picked: File | undefined) => {
    if (!picked) return;
    try {
      const { decodeQrFile } = await import('../lib/qr-canvas');
      const text = await decodeQrFile(picked);
      const scanned = text === null ? null : readScannedAddress(text);
      if (scanned) return onScanned(scanned);
      setIssue({ network, text: text === null ? t('address.scan.noCode') : t('address.scan.notAddress') });
    } catch (error) {
      setIssue({ network, text: errorText(error) });
    } finally {
      if (file.current) file.current.value = '';
    }
  };

  const shownIssue = issue && issue.network === network ? issue.text : null;
  return (
    <>
      <div className={styles.withButton}>
        <Input
          id={id}
          className={styles.address}
          value={value}
          onChange={(typed) => {
            setIssue(null);
            onChange?.(typed);
          }}
          placeholder={placeholder}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
        />
        <button
          type="button"
          className={styles.iconButton}
          onClick={() => {
            setCameraUsed(true);
            setCamera(true);
          }}
          aria-label={t('address.scan.button')}
          data-testid="address-scan"
        >
          <ScanningOutline aria-hidden="true" />
        </button>
      </div>
      {shownIssue && (
        <p className={styles.fieldIssue} role="alert" data-testid="address-scan-issue">
          {shownIssue}
        </p>
      )}
      {/* Outside the field, so the field holds one input (what tests and assistive tools find in it). */}
      {createPortal(
        <input
          ref={file}
          type="file"
          accept="image/*"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="address-scan-file"
          onChange={(event) => void onFile(event.target.files?.[0])}
        />,
        document.body,
      )}
      {cameraUsed && (
        <Suspense fallback={null}>
          <AddressCamera open={camera} onClose={() => setCamera(false)} onScanned={onScanned} onChoosePicture={choosePicture} />
        </Suspense>
      )}
    </>
  );
}
