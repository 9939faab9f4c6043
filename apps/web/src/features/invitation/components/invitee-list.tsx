import type { Invitee } from '@wallet/contract';
import { List } from 'antd-mobile';
import { CheckCircleFill, ClockCircleOutline, TeamOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PagedList } from '../../../components/paged-list';
import { formatDateTime } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import type { useInvitees } from '../api/get-invitees';
import styles from './invitation.module.css';

const STEPS = ['registered', 'kycPassed', 'cardOpened', 'firstSpend'] as const;

/** One invitee's four steps as a checklist. */
function InviteeSteps({ steps }: { steps: Invitee['steps'] }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.steps} aria-label={t('invitation.stepsLabel')}>
      {STEPS.map((step) => {
        const done = steps[step];
        return (
          <li key={step} className={done ? `${styles.step} ${styles.stepDone}` : styles.step} data-testid={`step-${step}`} data-done={done}>
            {done ? <CheckCircleFill aria-hidden /> : <ClockCircleOutline aria-hidden />}
            <span>{t(`invitation.steps.${step}`)}</span>
            <span className="visually-hidden">{done ? t('invitation.stepDone') : t('invitation.stepOpen')}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** The members I invited, newest first, with their joined time and steps, the next page loading at the end. */
export function InviteeList({ invitees }: { invitees: ReturnType<typeof useInvitees> }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  return (
    <PagedList
      pages={invitees}
      itemsOf={(page) => page.invitees}
      errorTitle={t('invitation.teamError')}
      empty={<EmptyState image={<TeamOutline />} title={t('invitation.teamEmpty')} description={t('invitation.teamEmptyText')} compact />}
      endText={t('invitation.teamEnd')}
      rows={4}
      compact
    >
      {(rows) => (
        <List data-testid="invitee-list">
          {rows.map((invitee) => (
            <List.Item key={invitee.uid} data-testid="invitee-row">
              <div className={styles.invitee}>
                <div className={styles.inviteeHead}>
                  <span className={styles.email}>{invitee.email}</span>
                  <span className={styles.muted}>UID {invitee.uid}</span>
                </div>
                <span className={styles.muted}>{t('invitation.joined', { time: formatDateTime(invitee.joinedAt, language) })}</span>
                <InviteeSteps steps={invitee.steps} />
                {invitee.holdsTicket && <span className={styles.muted}>{t('invitation.holdsTicket')}</span>}
              </div>
            </List.Item>
          ))}
        </List>
      )}
    </PagedList>
  );
}
