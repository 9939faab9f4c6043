import type { KycPhotoSide } from '@wallet/contract';
import { ERRORS } from '@wallet/contract';
import { Form } from 'antd-mobile';
import { CameraOutline } from 'antd-mobile-icons';
import imageCompression from 'browser-image-compression';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../lib/store';
import { uploadKycPhoto } from '../api/kyc';
import styles from './cards.module.css';

type Phase = { kind: 'idle' } | { kind: 'compressing' | 'uploading'; percent: number } | { kind: 'done' } | { kind: 'error'; code: string };

/**
 * One document photo: compressed in the browser first (phone photos are large; the spec warns they
 * take time), with progress for both steps, then uploaded as the raw image.
 */
export function PhotoUpload({ side, label, onUploaded }: { side: KycPhotoSide; label: string; onUploaded: (side: KycPhotoSide) => void }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [preview, setPreview] = useState<string | null>(null);
  // The preview is an object URL of the compressed photo: released when replaced or when the form goes.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      setPhase({ kind: 'compressing', percent: 0 });
      const compressed = await imageCompression(file, {
        maxSizeMB: 1.5,
        maxWidthOrHeight: 2400,
        useWebWorker: true,
        fileType: 'image/jpeg',
        onProgress: (percent) => setPhase({ kind: 'compressing', percent }),
      });
      setPreview(URL.createObjectURL(compressed));
      setPhase({ kind: 'uploading', percent: 0 });
      await uploadKycPhoto(side, compressed, (percent) => setPhase({ kind: 'uploading', percent }));
      setPhase({ kind: 'done' });
      onUploaded(side);
    } catch (error) {
      setPhase({ kind: 'error', code: (error as { code?: string }).code ?? 'KYC_PHOTO_INVALID' });
    }
  };

  const code = phase.kind === 'error' ? phase.code : null;
  return (
    <Form.Item label={label}>
      <label className={styles.photoTile}>
        <input
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={(e) => void onFile(e.target.files?.[0])}
          data-testid={`kyc-photo-${side}`}
        />
        {preview ? (
          <img className={styles.photoPreview} src={preview} alt={label} />
        ) : (
          <span className={styles.photoPrompt}>
            <CameraOutline fontSize={28} aria-hidden="true" />
            {t('cards.kyc.choosePhoto')}
          </span>
        )}
      </label>
      <div className={code ? `${styles.progress} ${styles.photoError}` : styles.progress} aria-live="polite">
        {phase.kind === 'compressing' && t('cards.kyc.compressing', { percent: phase.percent })}
        {phase.kind === 'uploading' && t('cards.kyc.uploading', { percent: phase.percent })}
        {phase.kind === 'done' && t('cards.kyc.uploaded')}
        {code && (code in ERRORS ? ERRORS[code as keyof typeof ERRORS].message[language] : t('errors.unexpected'))}
      </div>
    </Form.Item>
  );
}
