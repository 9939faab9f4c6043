import 'antd-mobile/es/components/mask/mask.css';
import 'antd-mobile/es/components/center-popup/center-popup.css';
import 'antd-mobile/es/components/modal/modal.css';
import type { HelpArticle } from '@wallet/contract';
import { Button, Space } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageNote } from './language-note';
import { MarkdownText } from './markdown';
import styles from './popup-dialog.module.css';

type Props = {
  popup: HelpArticle;
  /** Where it stands among the pop-ups of this opening, e.g. 1 of 2; null when it is the only one. */
  position: { n: number; total: number } | null;
  onDismiss: () => void;
  onOpen: () => void;
};

/** antd-mobile's class that keeps the page behind a dialog from scrolling (its useLockScroll). */
const BODY_LOCK = 'adm-overflow-hidden';

/**
 * One pop-up announcement in a dialog: its Markdown scrolls inside, the two ways out stay in view.
 * antd-mobile's Modal markup and classes, so it looks the same, drawn without the Modal component:
 * Modal animates with react-spring, and this dialog opens over home on the first screen, where that
 * library (18 KB gzipped) is not loaded. A CSS animation does the Modal's fade and zoom instead.
 */
export function PopupDialog({ popup, position, onDismiss, onOpen }: Props) {
  const { t } = useTranslation();
  const content = useRef<HTMLDivElement>(null);

  useEffect(() => {
    document.body.classList.add(BODY_LOCK);
    // A touch that would scroll the page behind (iOS ignores overflow: hidden) is stopped, unless
    // it scrolls the announcement itself.
    const onTouchMove = (event: TouchEvent) => {
      const inside = content.current;
      const scrollsInside =
        inside && event.target instanceof Node && inside.contains(event.target) && inside.scrollHeight > inside.clientHeight;
      if (!scrollsInside && event.cancelable) event.preventDefault();
    };
    document.addEventListener('touchmove', onTouchMove, { passive: false });
    return () => {
      document.body.classList.remove(BODY_LOCK);
      document.removeEventListener('touchmove', onTouchMove);
    };
  }, []);

  return (
    <div className="adm-center-popup adm-modal">
      <div className={`adm-mask adm-center-popup-mask ${styles.popupMask}`} aria-hidden="true">
        <div className="adm-mask-content" />
      </div>
      <div className="adm-center-popup-wrap">
        <div className={styles.popupZoom}>
          <div className={`adm-center-popup-body adm-modal-body ${styles.popup}`}>
            <div className="adm-modal-title">
              <span className={styles.popupTitle} data-testid="help-popup-title" lang={popup.language}>
                {popup.title}
              </span>
            </div>
            <div className="adm-modal-content" ref={content}>
              <div className={styles.popupBody} data-testid="help-popup">
                <p className={styles.popupLabel}>
                  {t('help.popup.label')}
                  {position && ` · ${t('help.popup.position', position)}`}
                </p>
                <LanguageNote language={popup.language} />
                <MarkdownText source={popup.body} />
              </div>
            </div>
            <Space direction="vertical" block className="adm-modal-footer">
              <Button block size="large" color="primary" className="adm-modal-button adm-modal-button-primary" onClick={onDismiss}>
                {t('help.popup.close')}
              </Button>
              <Button block size="large" color="primary" fill="none" className="adm-modal-button" onClick={onOpen}>
                {t('help.popup.more')}
              </Button>
            </Space>
          </div>
        </div>
      </div>
    </div>
  );
}
