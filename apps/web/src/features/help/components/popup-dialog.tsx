import type { HelpArticle } from '@wallet/contract';
import { Modal } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './help.module.css';
import { LanguageNote } from './language-note';
import { MarkdownText } from './markdown';

type Props = {
  popup: HelpArticle;
  /** Where it stands among the pop-ups of this opening, e.g. 1 of 2; null when it is the only one. */
  position: { n: number; total: number } | null;
  onDismiss: () => void;
  onOpen: () => void;
};

/** One pop-up announcement in a dialog: its Markdown scrolls inside, the two ways out stay in view. */
export default function PopupDialog({ popup, position, onDismiss, onOpen }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      visible
      bodyClassName={styles.popup}
      title={
        <span className={styles.popupTitle} data-testid="help-popup-title" lang={popup.language}>
          {popup.title}
        </span>
      }
      content={
        <div className={styles.popupBody} data-testid="help-popup">
          <p className={styles.popupLabel}>
            {t('help.popup.label')}
            {position && ` · ${t('help.popup.position', position)}`}
          </p>
          <LanguageNote language={popup.language} />
          <MarkdownText source={popup.body} />
        </div>
      }
      closeOnAction={false}
      actions={[
        { key: 'close', text: t('help.popup.close'), primary: true, onClick: onDismiss },
        { key: 'more', text: t('help.popup.more'), onClick: onOpen },
      ]}
    />
  );
}
