import { RefreshButton, Show } from '@refinedev/antd';
import { useCan, useShow } from '@refinedev/core';
import { Space, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryError } from '../../../components/query-error';
import type { MemberDetail } from '../types';
import { MemberAudit } from './audit';
import { MemberCards, MemberSessions, MemberTickets } from './detail-tables';
import { MemberKyc } from './kyc';
import { LockActions } from './lock-actions';
import { MemberNotes } from './notes';
import { MemberOverview } from './overview';
import { MemberRecords } from './records';

/** One member (GET members/:uid): profile, balances, records, cards, sessions, KYC, tickets, notes; lock and unlock. */
export function MemberShow() {
  const { t } = useTranslation();
  const { id: uid = '' } = useParams();
  const { query, result } = useShow<MemberDetail>({ resource: 'members', id: uid });
  const refetch = () => void query.refetch();
  // The member's audit trail is for those who may read the audit log (admin, compliance, auditor).
  const { data: audit } = useCan({ resource: 'audit', action: 'list' });

  if (query.isError) return <QueryError error={query.error} onRetry={refetch} />;

  return (
    <Show
      isLoading={query.isLoading}
      title={
        <Space>
          {t('ops.members.member', { uid })}
          {result?.locked.locked ? <Tag color="red">{t('ops.members.locked')}</Tag> : null}
        </Space>
      }
      headerButtons={
        <Space wrap>
          {result ? <LockActions uid={uid} locked={result.locked.locked} onDone={refetch} /> : null}
          <RefreshButton onClick={refetch} />
        </Space>
      }
    >
      {result ? (
        <Tabs
          items={[
            { key: 'overview', label: t('ops.members.tabs.overview'), children: <MemberOverview member={result} /> },
            {
              key: 'records',
              label: t('ops.members.tabs.records'),
              children: <MemberRecords uid={uid} currencies={result.balances.map((balance) => balance.currency)} />,
            },
            { key: 'cards', label: t('ops.members.tabs.cards'), children: <MemberCards cards={result.cards} /> },
            { key: 'sessions', label: t('ops.members.tabs.sessions'), children: <MemberSessions sessions={result.sessions} /> },
            { key: 'kyc', label: t('ops.members.tabs.kyc'), children: <MemberKyc uid={uid} kyc={result.kyc} /> },
            { key: 'tickets', label: t('ops.members.tabs.tickets'), children: <MemberTickets tickets={result.tickets} /> },
            {
              key: 'notes',
              label: t('ops.members.tabs.notes', { count: result.notes.length }),
              children: <MemberNotes uid={uid} notes={result.notes} onAdded={refetch} />,
            },
            ...(audit?.can ? [{ key: 'audit', label: t('ops.members.tabs.audit'), children: <MemberAudit uid={uid} /> }] : []),
          ]}
        />
      ) : null}
    </Show>
  );
}
