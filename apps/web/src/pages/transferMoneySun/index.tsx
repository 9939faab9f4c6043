import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorState } from '../../components/error-state';
import { FormCard } from '../../components/form-card';
import { LoadingState } from '../../components/loading-state';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { useMe } from '../../features/account/api/get-me';
import { RecipientLookupForm } from '../../features/transfer/components/recipient-lookup-form';
import { useErrorText } from '../../lib/use-error-text';

const TRANSFER_AMOUNT_PATH = '/pages/transferMoneySun/bindSun/index';
const SCAN_PATH = '/pages/mine/payment_code/index?scan=1';

/** Transfer, step 1: whom to pay, by UID (typed, or filled in from a scanned payment code). */
export default function TransferRecipientPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const me = useMe();

  const body = () => {
    if (me.isPending) return <LoadingState rows={4} />;
    if (me.isError) {
      return (
        <ErrorState
          title={t('account.loadError')}
          description={errorText(me.error)}
          onRetry={() => void me.refetch()}
          retrying={me.isFetching}
        />
      );
    }
    return (
      <FormCard title={t('transfer.recipientTitle')} description={t('transfer.recipientIntro')}>
        <RecipientLookupForm
          key={params.get('uid') ?? ''}
          myUid={me.data.uid}
          initialUid={params.get('uid')}
          onContinue={(recipient) => navigate(`${TRANSFER_AMOUNT_PATH}?uid=${encodeURIComponent(recipient.uid)}`)}
          onScan={() => navigate(SCAN_PATH)}
        />
      </FormCard>
    );
  };

  return (
    <>
      <NavBar title={t('transfer.title')} back />
      <PageBody>{body()}</PageBody>
    </>
  );
}
