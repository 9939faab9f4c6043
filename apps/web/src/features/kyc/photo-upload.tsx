import type { KycPhotoSide } from '@wallet/contract';
import { Button, ProgressBar } from 'antd-mobile';
import { CameraOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { compressImage } from '../../lib/compress-image';
import { useErrorText } from '../../lib/use-error-text';
import { fetchKycPhoto, uploadKycPhoto } from './api/kyc';
import styles from './kyc.module.css';

/** Where one photo stands, as the form needs it: ready to send, still on its way, or missing. */
export type PhotoState = { status: 'empty' | 'busy' | 'ready' | 'failed'; preview: string | null };

type Phase =
  | { kind: 'empty' }
  | { kind: 'earlier' }
  | { kind: 'compressing' | 'uploading'; percent: number }
  | { kind: 'done' }
  | { kind: 'error'; code: string };

type Props = {
  side: KycPhotoSide;
  label: string;
  /** The server already holds a photo of this side (a redo after a failed review). */
  earlier: boolean;
  /** Why the form cannot go on without this photo. */
  issue?: string;
  onChange: (side: KycPhotoSide, state: PhotoState) => void;
};

const STATUS: Record<Phase['kind'], PhotoState['status']> = {
  empty: 'empty',
  earlier: 'ready',
  compressing: 'busy',
  uploading: 'busy',
  done: 'ready',
  error: 'failed',
};

/**
 * One document photo: compressed in the browser first (phone photos are large; the spec warns they
 * take time), then uploaded as the raw image, with the percent of both steps; a failed upload can be
 * tried again with the same photo, and a photo can be replaced at any time.
 */
export function PhotoUpload({ side, label, earlier, issue, onChange }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>(earlier ? { kind: 'earlier' } : { kind: 'empty' });
  const [preview, setPreview] = useState<string | null>(null);
  // What a retry sends again: the compressed photo when compression worked, else the original.
  const last = useRef<{ original: File; compressed: Blob | null } | null>(null);
  const running = useRef<AbortController | null>(null);

  // The preview is an object URL: released when replaced or when the form goes.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  useEffect(() => () => running.current?.abort(), []);
  useEffect(() => onChange(side, { status: STATUS[phase.kind], preview }), [side, phase.kind, preview, onChange]);

  // A photo sent before shows as its thumbnail, fetched with the member's session.
  useEffect(() => {
    if (!earlier) return;
    const controller = new AbortController();
    fetchKycPhoto(side, controller.signal).then(
      (url) => (controller.signal.aborted ? URL.revokeObjectURL(url) : setPreview((shown) => shown ?? url)),
      () => undefined,
    );
    setPhase((p) => (p.kind === 'empty' ? { kind: 'earlier' } : p));
    return () => controller.abort();
  }, [earlier, side]);

  const send = async (original: File, compressed: Blob | null) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    last.current = { original, compressed };
    try {
      let photo = compressed;
      if (!photo) {
        setPhase({ kind: 'compressing', percent: 0 });
        photo = await compressImage(original, { maxSizeMB: 1.5, maxWidthOrHeight: 2400 }, (percent) => {
          if (!controller.signal.aborted) setPhase({ kind: 'compressing', percent: Math.round(percent) });
        });
        if (controller.signal.aborted) return;
        last.current = { original, compressed: photo };
        setPreview(URL.createObjectURL(photo));
      }
      setPhase({ kind: 'uploading', percent: 0 });
      await uploadKycPhoto(side, photo, (percent) => setPhase({ kind: 'uploading', percent }), controller.signal);
      setPhase({ kind: 'done' });
    } catch (error) {
      if (controller.signal.aborted) return;
      const code = (error as { code?: string }).code;
      setPhase({ kind: 'error', code: typeof code === 'string' ? code : 'KYC_PHOTO_INVALID' });
    }
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setPreview(null);
    void send(file, null);
  };

  const retry = () => {
    if (last.current) void send(last.current.original, last.current.compressed);
  };
  const busy = phase.kind === 'compressing' || phase.kind === 'uploading';
  const failed = phase.kind === 'error';

  return (
    <div className={styles.photo}>
      <span className={styles.photoLabel}>{label}</span>
      <label className={styles.photoTile}>
        <input
          ref={input}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={(e) => {
            onFile(e.target.files?.[0]);
            // The same file chosen again after a failure still counts as a choice.
            e.target.value = '';
          }}
          data-testid={`kyc-photo-${side}`}
        />
        {preview ? (
          <img className={styles.photoPreview} src={preview} alt={label} />
        ) : (
          <span className={styles.photoPrompt}>
            <CameraOutline fontSize={28} aria-hidden="true" />
            {t('kyc.photos.choose')}
          </span>
        )}
      </label>
      {busy && <ProgressBar percent={phase.percent} style={{ '--track-width': '4px' }} />}
      <div
        className={`${styles.photoState} ${failed || (issue && phase.kind !== 'done') ? styles.photoError : phase.kind === 'done' ? styles.photoDone : ''}`}
        aria-live="polite"
        data-testid={`kyc-photo-${side}-state`}
      >
        <span>
          {phase.kind === 'compressing' && t('kyc.photos.compressing', { percent: phase.percent })}
          {phase.kind === 'uploading' && t('kyc.photos.uploading', { percent: phase.percent })}
          {phase.kind === 'done' && t('kyc.photos.uploaded')}
          {phase.kind === 'earlier' && t('kyc.photos.earlier')}
          {failed && t('kyc.photos.failed', { reason: errorText(new ApiError(phase.code as never, t('errors.unexpected'), 0)) })}
          {phase.kind === 'empty' && issue}
        </span>
        {failed && last.current && (
          <Button size="mini" color="primary" fill="outline" onClick={retry} data-testid={`kyc-photo-${side}-retry`}>
            {t('kyc.photos.retry')}
          </Button>
        )}
        {(phase.kind === 'done' || phase.kind === 'earlier') && (
          <Button size="mini" fill="none" color="primary" onClick={() => input.current?.click()} data-testid={`kyc-photo-${side}-replace`}>
            {t('kyc.photos.replace')}
          </Button>
        )}
      </div>
    </div>
  );
}
