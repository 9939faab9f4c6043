import { LIMITS } from '@wallet/contract';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormCard } from '../../components/form-card';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { ticketPath } from '../../features/tickets/components/paths';
import { TicketForm } from '../../features/tickets/components/ticket-form';

/** Open a support ticket; once sent, its page replaces this one. */
export default function NewTicketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <NavBar title={t('tickets.form.title')} back />
      <PageBody>
        <FormCard description={t('tickets.form.intro')}>
          <TicketForm
            onCreated={(ticket) => {
              Toast.show({ content: t('tickets.form.submitted'), duration: LIMITS.client.toastDurationMs });
              navigate(ticketPath(ticket.id), { replace: true });
            }}
          />
        </FormCard>
      </PageBody>
    </>
  );
}
