import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { QueryGate } from '../../components/query-gate';
import { Section } from '../../components/section';
import { useMe } from '../../features/account/api/get-me';
import { PLACEMENT_QUERY_KEY } from '../../features/placement/api/keys';
import { useNodeApplications, useNodeOffer } from '../../features/placement/api/nodes';
import { ApplicationForm } from '../../features/placement/components/application-form';
import { ApplicationList } from '../../features/placement/components/application-list';

/** The large-node application, and where my applications stand. */
export default function LargeNodePage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const me = useMe();
  const offer = useNodeOffer();
  const applications = useNodeApplications();
  return (
    <>
      <NavBar title={t('nodes.apply.title')} back />
      <PullToRefresh onRefresh={() => client.invalidateQueries({ queryKey: PLACEMENT_QUERY_KEY })}>
        <PageBody>
          <Section title={t('nodes.apply.mine')}>
            <QueryGate query={applications} errorTitle={t('nodes.apply.listError')} rows={3} compact>
              {(data) => <ApplicationList items={data.items} />}
            </QueryGate>
          </Section>
          <Section title={t('nodes.apply.form')}>
            <QueryGate query={offer} errorTitle={t('nodes.offerError')} rows={10}>
              {(data) => (
                <QueryGate query={me} errorTitle={t('account.loadError')} rows={10}>
                  {(profile) => <ApplicationForm uid={profile.uid} email={profile.email} offer={data} />}
                </QueryGate>
              )}
            </QueryGate>
          </Section>
        </PageBody>
      </PullToRefresh>
    </>
  );
}
