import type { AppRelease } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { LANGUAGE_NAMES } from '../../../lib/i18n/language-names';
import { useAppStore } from '../../../lib/store';
import { noteLines } from '../platform';
import styles from './app-release.module.css';

/** The operator's notes for a release, one change per line, in the reader's language when written in it. */
export function ReleaseNotes({ release }: { release: AppRelease }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const lines = noteLines(release.notes);
  return (
    <div className={styles.body} data-testid="release-notes">
      {lines.length > 0 ? (
        <ul className={styles.notes}>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t('release.version.noNotes')}</p>
      )}
      {release.notesLanguage !== language && lines.length > 0 && (
        <p className={styles.muted}>{t('release.version.fallback', { language: LANGUAGE_NAMES[release.notesLanguage] })}</p>
      )}
      <p className={styles.muted}>{t('release.version.published', { date: formatDateTime(release.publishedAt, language) })}</p>
    </div>
  );
}
