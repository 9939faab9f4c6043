import { useTranslation } from 'react-i18next';
import { NavBar } from '../../../components/nav-bar';
import { PageBody } from '../../../components/page-body';
import { TopUpPanel } from '../../../features/top-up/components/top-up-panel';

/** BTC top-up: each person gets a deposit address of their own, so any bound address will do. */
export default function TopUpBtcPage() {
  const { t } = useTranslation();
  return (
    <>
      <NavBar title={t('topUp.btcTitle')} back />
      <PageBody>
        <TopUpPanel currency="BTC" network={() => 'BTC'} />
      </PageBody>
    </>
  );
}
