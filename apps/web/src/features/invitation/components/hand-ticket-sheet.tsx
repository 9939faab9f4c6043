import { LIMITS } from '@wallet/contract';
import { Button, Dialog, List, Popup, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/use-error-text';
import { useInvitees } from '../api/get-invitees';
import { useHandTicket } from '../api/hand-ticket';
import styles from './invitation.module.css';

/** "Hand a ticket": pick a direct invitee who holds none, confirm, and the ticket is theirs. */
export function HandTicketButton({ remaining }: { remaining: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.ticketBar}>
      <span />
      <Button size="small" color="primary" disabled={remaining === 0} onClick={() => setOpen(true)} data-testid="hand-ticket">
        {t('invitation.agency.handTicket')}
      </Button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} destroyOnClose>
        <HandTicketSheet onDone={() => setOpen(false)} />
      </Popup>
    </div>
  );
}

function HandTicketSheet({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const invitees = useInvitees();
  const hand = useHandTicket();
  const free = (invitees.data?.pages.flatMap((page) => page.invitees) ?? []).filter((invitee) => !invitee.holdsTicket);

  const pick = async (uid: string, email: string) => {
    const sure = await Dialog.confirm({
      content: t('invitation.hand.confirm', { email, uid }),
      confirmText: t('invitation.hand.confirmOk'),
      cancelText: t('common.cancel'),
    });
    if (!sure) return;
    try {
      await hand.mutateAsync(uid);
      Toast.show({ icon: 'success', content: t('invitation.hand.done'), duration: LIMITS.client.toastDurationMs });
      onDone();
    } catch (error) {
      Toast.show({ icon: 'fail', content: errorText(error), duration: LIMITS.client.toastDurationMs });
    }
  };

  return (
    <div className={styles.sheet} data-testid="hand-ticket-sheet">
      <h2 className={styles.sheetTitle}>{t('invitation.hand.title')}</h2>
      <p className={styles.hint}>{t('invitation.hand.intro')}</p>
      <span className={styles.muted}>{t('invitation.hand.pick')}</span>
      {invitees.isPending ? (
        <p className={styles.hint}>{t('common.loading')}</p>
      ) : free.length === 0 && !invitees.hasNextPage ? (
        <p className={styles.hint}>{t('invitation.hand.none')}</p>
      ) : (
        <List>
          {free.map((invitee) => (
            <List.Item
              key={invitee.uid}
              description={`UID ${invitee.uid}`}
              onClick={() => void pick(invitee.uid, invitee.email)}
              data-testid="hand-ticket-invitee"
            >
              {invitee.email}
            </List.Item>
          ))}
        </List>
      )}
      {invitees.hasNextPage && (
        <Button fill="none" color="primary" loading={invitees.isFetchingNextPage} onClick={() => void invitees.fetchNextPage()}>
          {t('invitation.hand.more')}
        </Button>
      )}
    </div>
  );
}
