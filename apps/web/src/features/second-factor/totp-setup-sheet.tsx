import type { TotpSetupReply } from '@wallet/contract';
import { Button, Input, Popup, Skeleton } from 'antd-mobile';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/copy-button';
import proofStyles from '../../components/proof-sheet.module.css';
import { useErrorText } from '../../lib/use-error-text';
import styles from './second-factor.module.css';

type Props = {
  setup: TotpSetupReply | null;
  /** Turns the app on with its first code; resolves when done. */
  confirm: (code: string) => Promise<unknown>;
  onClose: () => void;
};

/** The QR code (drawn here, nothing leaves the page), the key to type instead, and the app's first code. */
export function TotpSetupSheet({ setup, confirm, onClose }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const codeId = useId();
  const [image, setImage] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    setImage(null);
    setCode('');
    setFailure(null);
    if (!setup) return;
    let live = true;
    QRCode.toDataURL(setup.otpauthUri, { errorCorrectionLevel: 'M', margin: 2, width: 400 }).then(
      (url) => live && setImage(url),
      () => live && setImage(null),
    );
    return () => {
      live = false;
    };
  }, [setup]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== 6) return;
    setPending(true);
    setFailure(null);
    try {
      await confirm(code);
    } catch (error) {
      setFailure(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <Popup
      visible={setup !== null}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      destroyOnClose
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      <div className={proofStyles.sheet} data-testid="totp-setup">
        <h2 className={proofStyles.sheetTitle}>{t('secondFactor.totp.setupTitle')}</h2>
        <p className={proofStyles.sheetIntro}>{t('secondFactor.totp.scan')}</p>
        <form className={proofStyles.stack} onSubmit={(event) => void onSubmit(event)}>
          <div className={styles.qr}>
            {image ? (
              <img src={image} alt={t('secondFactor.totp.qrAlt')} className={styles.qrImage} data-testid="totp-qr" />
            ) : (
              <Skeleton animated className={styles.qrImage} />
            )}
          </div>
          <div className={proofStyles.field}>
            <span className={proofStyles.label}>{t('secondFactor.totp.key')}</span>
            <span className={styles.stackRow}>
              <code className={styles.key} translate="no" data-testid="totp-secret">
                {setup?.secret}
              </code>
              <CopyButton text={setup?.secret ?? ''} label={t('secondFactor.totp.copyKey')} />
            </span>
          </div>
          <div className={proofStyles.field}>
            <label className={proofStyles.label} htmlFor={codeId}>
              {t('secondFactor.totp.code')}
            </label>
            <Input
              id={codeId}
              className={proofStyles.input}
              value={code}
              onChange={(next) => setCode(next.replace(/\D/g, '').slice(0, 6))}
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder={t('secondFactor.proof.totpPlaceholder')}
              data-testid="totp-code"
            />
          </div>
          {failure !== null && (
            <p className={proofStyles.failure} role="alert">
              {errorText(failure)}
            </p>
          )}
          <Button block type="submit" color="primary" loading={pending} disabled={code.length !== 6} data-testid="totp-confirm">
            {t('secondFactor.totp.confirm')}
          </Button>
        </form>
      </div>
    </Popup>
  );
}
