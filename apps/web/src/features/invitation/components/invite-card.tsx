import { type InvitationReply, LIMITS } from '@wallet/contract';
import { Button, Skeleton, Toast } from 'antd-mobile';
import { DownlandOutline, UploadOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button';
import { copyText } from '../../../lib/copy-text';
import { downloadFile } from '../../../lib/download-file';
import { paymentCodePng } from '../../../lib/qr-canvas';
import { useQrImage } from '../../../lib/use-qr-image';
import styles from './invitation.module.css';

const toast = (content: string, icon?: 'success' | 'fail') => Toast.show({ icon, content, duration: LIMITS.client.toastDurationMs });

/** My invite code, referral ID and link, the link's QR code to save as a picture or share. */
export function InviteCard({ invitation }: { invitation: InvitationReply }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const { inviteCode, inviteLink, referralId } = invitation;

  const { image, failed } = useQrImage(inviteLink);

  const save = async () => {
    setSaving(true);
    try {
      const png = await paymentCodePng(inviteLink, t('invitation.imageTitle'), `${t('invitation.code')} ${inviteCode}`);
      downloadFile(png, `invite-${inviteCode}.png`);
      toast(t('invitation.saved'), 'success');
    } catch {
      toast(t('invitation.saveFailed'), 'fail');
    } finally {
      setSaving(false);
    }
  };

  // The Web Share API where the browser has it (phones); elsewhere the link goes to the clipboard.
  const share = async () => {
    const text = t('invitation.shareText', { code: inviteCode });
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: t('invitation.title'), text, url: inviteLink });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    const copied = await copyText(inviteLink);
    toast(copied ? t('invitation.linkCopied') : t('common.copyFailed'));
  };

  return (
    <div className={styles.card}>
      <p className={styles.hint}>{t('invitation.qrHint')}</p>
      <div className={styles.qr}>
        {image ? (
          <img src={image} alt={t('invitation.qrAlt')} className={styles.qrImage} data-testid="invite-qr" />
        ) : failed ? (
          <p className={styles.hint}>{t('invitation.qrFailed')}</p>
        ) : (
          <Skeleton animated className={styles.qrSkeleton} />
        )}
      </div>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t('invitation.code')}</dt>
          <dd data-testid="invite-code">{inviteCode}</dd>
          <CopyButton text={inviteCode} label={t('invitation.copyCode')} testId="invite-copy-code" />
        </div>
        <div className={styles.fact}>
          <dt>{t('invitation.link')}</dt>
          <dd className={styles.link} data-testid="invite-link">
            {inviteLink}
          </dd>
          <CopyButton text={inviteLink} label={t('invitation.copyLink')} testId="invite-copy-link" />
        </div>
        <div className={styles.fact}>
          <dt>{t('invitation.referralId')}</dt>
          <dd data-testid="invite-referral-id">{referralId}</dd>
          <span />
        </div>
        <div className={styles.fact}>
          <dt>{t('invitation.invitedCount')}</dt>
          <dd data-testid="invite-count">{invitation.invitedCount}</dd>
          <span />
        </div>
      </dl>
      <div className={styles.actions}>
        <Button
          block
          color="primary"
          fill="outline"
          loading={saving}
          disabled={!image}
          onClick={() => void save()}
          data-testid="invite-save"
        >
          <DownlandOutline aria-hidden="true" /> {t('invitation.save')}
        </Button>
        <Button block color="primary" onClick={() => void share()} data-testid="invite-share">
          <UploadOutline aria-hidden="true" /> {t('invitation.share')}
        </Button>
      </div>
    </div>
  );
}
