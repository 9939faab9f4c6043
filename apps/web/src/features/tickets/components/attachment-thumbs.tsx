import type { TicketAttachment } from '@wallet/contract';
import { DotLoading, ImageViewer } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAttachmentUrl } from '../api/use-attachment-url';
import styles from './tickets.module.css';

/** One screenshot of a ticket: read with the session, shown small, opened full screen on a tap. */
function Thumb({ attachment, index }: { attachment: TicketAttachment; index: number }) {
  const { t } = useTranslation();
  const { url, failed, retry } = useAttachmentUrl(attachment.id);
  const [open, setOpen] = useState(false);
  const label = t('tickets.detail.screenshot', { index });
  if (failed) {
    return (
      <button type="button" className={`${styles.thumb} ${styles.thumbFailed}`} onClick={retry} aria-label={t('tickets.detail.imageError')}>
        <PictureOutline aria-hidden="true" />
      </button>
    );
  }
  return (
    <>
      <button
        type="button"
        className={styles.thumb}
        onClick={() => url && setOpen(true)}
        aria-label={label}
        data-testid="ticket-image"
        data-loaded={url !== null}
      >
        {url ? <img src={url} alt="" /> : <DotLoading />}
      </button>
      {url && (
        <ImageViewer
          image={url}
          visible={open}
          onClose={() => setOpen(false)}
          renderFooter={() => (
            // A tap on the picture closes it too, but a visible button is what people look for.
            <div className={styles.viewerFooter}>
              <button type="button" className={styles.viewerClose} onClick={() => setOpen(false)} data-testid="ticket-image-close">
                {t('tickets.detail.closePreview')}
              </button>
            </div>
          )}
        />
      )}
    </>
  );
}

/** The screenshots of a message, in the order they were sent. */
export function AttachmentThumbs({ attachments }: { attachments: TicketAttachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <div className={styles.thumbs}>
      {attachments.map((attachment, index) => (
        <Thumb key={attachment.id} attachment={attachment} index={index + 1} />
      ))}
    </div>
  );
}
