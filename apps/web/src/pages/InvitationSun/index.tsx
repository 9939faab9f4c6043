import { useQueryClient } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LinkItem } from '../../components/link-item';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { QueryGate } from '../../components/query-gate';
import { Section } from '../../components/section';
import { useInvitation } from '../../features/invitation/api/get-invitation';
import { useInvitees } from '../../features/invitation/api/get-invitees';
import { INVITATION_QUERY_KEY } from '../../features/invitation/api/keys';
import { InviteCard } from '../../features/invitation/components/invite-card';
import { InviteeList } from '../../features/invitation/components/invitee-list';

/** Invite friends: my code, link and QR code to save or share, and the members I invited with their steps. */
export default function InvitationPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const invitation = useInvitation();
  const invitees = useInvitees();
  return (
    <>
      <NavBar title={t('invitation.title')} back />
      <PullToRefresh onRefresh={() => client.invalidateQueries({ queryKey: INVITATION_QUERY_KEY })}>
        <PageBody>
          <Section title={t('invitation.code')}>
            <QueryGate query={invitation} errorTitle={t('invitation.loadError')} rows={6} compact>
              {(data) => <InviteCard invitation={data} />}
            </QueryGate>
          </Section>
          <Section title={t('invitation.agencyEntry')}>
            <List>
              <LinkItem to="/pages/tuiguang/index" testId="goto-agency">
                {t('invitation.agencyEntry')}
              </LinkItem>
            </List>
          </Section>
          <Section title={t('invitation.team')}>
            <InviteeList invitees={invitees} />
          </Section>
        </PageBody>
      </PullToRefresh>
    </>
  );
}
