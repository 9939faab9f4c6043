import { ProgressBar } from 'antd-mobile';
import { AddOutline, CloseOutline, ExclamationCircleFill, PictureOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextButton } from '../../../components/text-button';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/use-error-text';
import styles from './tickets.module.css';
import type { Screenshot, Screenshots } from './use-screenshots';

/**
 * Up to four screenshots as tiles: each shows its compressed image, its progress (compressing, then
 * uploading) and a remove button; one that failed is marked and its reason is written under the tiles
 * with a retry. The add tile opens the phone's photo picker.
 */
export function ScreenshotPicker({ shots, testId = 'ticket-screenshots' }: { shots: Screenshots; testId?: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const inputId = useId();
  const failures = shots.items.filter((item) => item.phase.kind === 'failed');

  const status = (item: Screenshot) => {
    switch (item.phase.kind) {
      case 'compressing':
        return t('tickets.form.compressing', { percent: item.phase.percent });
      case 'uploading':
        return t('tickets.form.uploading', { percent: item.phase.percent });
      case 'done':
        return t('tickets.form.uploaded');
      case 'failed':
        return <span className={styles.tileError}>{t('tickets.form.failed')}</span>;
    }
  };
  const reason = (error: unknown) =>
    error instanceof ApiError && error.code === 'NOT_AN_IMAGE' ? t('tickets.form.notAnImage') : errorText(error);

  return (
    <div className={styles.picker} data-testid={testId}>
      <ul className={styles.tiles}>
        {shots.items.map((item, index) => (
          <li
            key={item.key}
            className={item.phase.kind === 'failed' ? `${styles.tile} ${styles.tileFailed}` : styles.tile}
            data-testid="ticket-screenshot"
            data-phase={item.phase.kind}
          >
            <div className={styles.tileImage}>
              {item.preview ? (
                <img src={item.preview} alt={t('tickets.detail.screenshot', { index: index + 1 })} />
              ) : (
                <PictureOutline aria-hidden="true" />
              )}
              {item.phase.kind === 'failed' && <ExclamationCircleFill className={styles.tileMark} aria-hidden="true" />}
              {(item.phase.kind === 'compressing' || item.phase.kind === 'uploading') && (
                <ProgressBar
                  className={styles.tileProgress}
                  percent={item.phase.kind === 'uploading' ? 50 + item.phase.percent / 2 : item.phase.percent / 2}
                />
              )}
            </div>
            <button
              type="button"
              className={styles.tileRemove}
              onClick={() => shots.remove(item.key)}
              aria-label={`${t('tickets.form.remove')} ${index + 1}`}
              data-testid="ticket-screenshot-remove"
            >
              <CloseOutline aria-hidden="true" />
            </button>
            <span className={styles.tileStatus} aria-live="polite">
              {status(item)}
            </span>
          </li>
        ))}
        {!shots.full && (
          <li className={styles.tile}>
            <label className={styles.addTile} htmlFor={inputId}>
              <AddOutline aria-hidden="true" />
              <span className="visually-hidden">{t('tickets.form.add')}</span>
            </label>
            <input
              id={inputId}
              className="visually-hidden"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              onChange={(event) => {
                shots.add(event.target.files);
                event.target.value = '';
              }}
              data-testid={`${testId}-input`}
            />
            <span className={styles.tileStatus}>{t('tickets.form.add')}</span>
          </li>
        )}
      </ul>
      {failures.length > 0 && (
        <ul className={styles.failures} role="alert" data-testid="ticket-screenshot-errors">
          {failures.map((item) => (
            <li key={item.key}>
              <ExclamationCircleFill aria-hidden="true" />
              <span>
                {t('tickets.detail.screenshot', { index: shots.items.indexOf(item) + 1 })}:{' '}
                {item.phase.kind === 'failed' && reason(item.phase.error)}{' '}
                {!(item.phase.kind === 'failed' && item.phase.error instanceof ApiError && item.phase.error.code === 'NOT_AN_IMAGE') && (
                  <TextButton onClick={() => shots.retry(item)}>{t('tickets.form.retry')}</TextButton>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
