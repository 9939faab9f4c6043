import type { Network } from '@wallet/contract';
import { Skeleton } from 'antd-mobile';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button';
import styles from './top-up.module.css';

type Props = { network: Network; address: string; confirmations: number };

/** Where to send: the deposit address as a QR code and as text to copy, with its network. */
export function DepositAddressCard({ network, address, confirmations }: Props) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(address, { errorCorrectionLevel: 'M', margin: 2, width: 400 }).then(
      (url) => live && setImage(url),
      () => live && setImage(null),
    );
    return () => {
      live = false;
    };
  }, [address]);

  return (
    <div>
      <div className={styles.qr}>
        {image ? (
          <img src={image} alt={t('topUp.qrAlt', { network })} className={styles.qrImage} data-testid="topup-qr" />
        ) : (
          <Skeleton animated className={styles.qrImage} />
        )}
      </div>
      <div className={styles.address}>
        <span data-testid="topup-address">{address}</span>
        <CopyButton text={address} label={t('topUp.copyAddress')} testId="topup-copy" />
      </div>
      <p className={styles.meta}>{t('topUp.networkLine', { network: t(`network.${network}`), confirmations })}</p>
    </div>
  );
}
