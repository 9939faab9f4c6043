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

  const [chosen, setChosen] = useState<{ uid: string; email: string } | null>(null);

  const confirm = async () => {
    if (!chosen) return;
    try {
      await hand.mutateAsync(chosen.uid);
      Toast.show({ icon: 'success', content: t('invitation.hand.done'), duration: LIMITS.client.toastDurationMs });
      onDone();
    } catch (error) {
      Toast.show({ icon: 'fail', content: errorText(error), duration: LIMITS.client.toastDurationMs });
    } finally {
      setChosen(null);
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
              onClick={() => setChosen({ uid: invitee.uid, email: invitee.email })}
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
      {/* A dialog of the sheet rather than Dialog.confirm, so that it goes when the screen does (back button). */}
      <Dialog
        visible={chosen !== null}
        content={<p data-testid="hand-ticket-confirm">{chosen ? t('invitation.hand.confirm', chosen) : ''}</p>}
        onClose={() => setChosen(null)}
        closeOnMaskClick
        destroyOnClose
        actions={[
          [
            { key: 'cancel', text: t('common.cancel'), onClick: () => setChosen(null) },
            { key: 'hand', text: t('invitation.hand.confirmOk'), bold: true, disabled: hand.isPending, onClick: () => void confirm() },
          ],
        ]}
      />
    </div>
  );
}
