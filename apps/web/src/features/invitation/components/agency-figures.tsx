import type { AgencySummary } from '@wallet/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/section';
import styles from './invitation.module.css';
import { PerCurrency } from './per-currency';

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div className={styles.figure}>
      <span className={styles.figureLabel}>{label}</span>
      <span className={styles.figureValue} data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/** The agency centre's figures: role and team, tickets, and earnings per currency. */
export function AgencyFigures({ summary, ticketAction }: { summary: AgencySummary; ticketAction: ReactNode }) {
  const { t } = useTranslation();
  const { earnings } = summary;
  return (
    <>
      <Section title={t('invitation.agency.team')}>
        <div className={styles.grid}>
          <Figure
            label={t('invitation.agency.role')}
            value={t(`invitation.agency.roles.${summary.role ?? 'member'}`)}
            testId="agency-role"
          />
          <Figure label={t('invitation.agency.memberCount')} value={summary.memberCount} testId="agency-members" />
          <Figure label={t('invitation.agency.directCount')} value={summary.directCount} testId="agency-direct" />
          <Figure label={t('invitation.agency.secondLevelCount')} value={summary.secondLevelCount} testId="agency-second" />
          <Figure label={t('invitation.agency.cardsOpenedToday')} value={summary.cardsOpenedToday} testId="agency-cards-today" />
        </div>
      </Section>
      <Section title={t('invitation.agency.tickets')}>
        <div className={styles.grid}>
          <Figure label={t('invitation.agency.ticketCount')} value={summary.tickets.count} testId="agency-tickets" />
          <Figure label={t('invitation.agency.ticketsRemaining')} value={summary.tickets.remaining} testId="agency-tickets-left" />
        </div>
        {ticketAction}
      </Section>
      <Section title={t('invitation.agency.earnings')}>
        <div className={styles.grid}>
          <Figure label={t('invitation.agency.total')} value={<PerCurrency amounts={earnings.total} />} testId="earn-total" />
          <Figure label={t('invitation.agency.today')} value={<PerCurrency amounts={earnings.today} />} testId="earn-today" />
          <Figure label={t('invitation.agency.pending')} value={<PerCurrency amounts={earnings.pending} />} testId="earn-pending" />
          <Figure label={t('invitation.agency.available')} value={<PerCurrency amounts={earnings.available} />} testId="earn-available" />
          <Figure label={t('invitation.agency.owed')} value={<PerCurrency amounts={earnings.owed} />} testId="earn-owed" />
        </div>
        <p className={styles.note}>{t('invitation.agency.holdingNote', { days: summary.holdingDays })}</p>
        {Object.keys(earnings.owed).length > 0 && <p className={styles.note}>{t('invitation.agency.owedNote')}</p>}
      </Section>
    </>
  );
}
