import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { FormCard } from '../../components/form-card';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { QueryGate } from '../../components/query-gate';
import { useMe } from '../../features/account/api/get-me';
import { DisplayCurrencyList } from '../../features/account/components/display-currency-list';
import { BALANCES_QUERY_KEY } from '../../features/wallet/api/get-balances';

/** The currency the home screen totals the wallet in (USD, CNY, HKD, JPY, KRW, EUR), saved to the profile. */
export default function ChangeDisplayCurrencyPage() {
  const { t } = useTranslation();
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();

  const saved = () => {
    // The total is worked out by the server in the profile's currency: ask for it again.
    void queryClient.invalidateQueries({ queryKey: BALANCES_QUERY_KEY });
    // Back where the person came from (home, usually), or home when opened directly.
    if (location.key === 'default') navigate('/', { replace: true });
    else navigate(-1);
  };

  return (
    <>
      <NavBar title={t('displayCurrency.title')} back />
      <PageBody>
        <FormCard description={t('displayCurrency.intro')}>
          <QueryGate query={me} errorTitle={t('account.loadError')} rows={6}>
            {(data) => <DisplayCurrencyList value={data.displayCurrency} onSaved={saved} />}
          </QueryGate>
        </FormCard>
      </PageBody>
    </>
  );
}
