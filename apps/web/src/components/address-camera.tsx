import { useTranslation } from 'react-i18next';
import { readScannedAddress, type ScannedAddress } from '../lib/address-scan';
import { CameraScanner } from './camera-scanner';

type Props = {
  open: boolean;
  onClose: () => void;
  onScanned: (scanned: ScannedAddress) => void;
  onChoosePicture: () => void;
};

/** The camera reading a wallet address's QR code: a chunk of its own (jsQR), fetched when a member first scans. */
export default function AddressCamera({ open, onClose, onScanned, onChoosePicture }: Props) {
  const { t } = useTranslation();
  return (
    <CameraScanner
      open={open}
      onClose={onClose}
      read={readScannedAddress}
      onRead={onScanned}
      onChoosePicture={onChoosePicture}
      title={t('address.scan.title')}
      hint={t('address.scan.hint')}
      unrecognised={t('address.scan.notAddress')}
    />
  );
}
