import { LIMITS } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PayPasswordRequired } from '../../components/pay-password-required';
import { QueryGate } from '../../components/query-gate';
import { useMe } from '../../features/account/api/get-me';
import { ExchangePanel } from '../../features/wallet/components/exchange-panel';
import { withRedirect } from '../../lib/redirect';

const HERE = '/pages/exchangeSun/index';
const PAYMENT_PASSWORD_PATH = '/pages/password_pay/index';

/** Exchange between currencies: a quote held for a few seconds, confirmed with the payment password. */
export default function ExchangePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();

  return (
    <>
      <NavBar title={t('exchange.title')} back />
      <PageBody>
        <QueryGate query={me} errorTitle={t('account.loadError')} rows={6}>
          {(data) =>
            data.paymentPasswordSet ? (
              <ExchangePanel />
            ) : (
              <PayPasswordRequired
                title={t('exchange.needPayPassword')}
                description={t('exchange.needPayPasswordText', { digits: LIMITS.secrets.paymentPasswordLength })}
                onSet={() => navigate(withRedirect(PAYMENT_PASSWORD_PATH, HERE))}
                testId="exchange-set-pay-password"
              />
            )
          }
        </QueryGate>
      </PageBody>
    </>
  );
}
