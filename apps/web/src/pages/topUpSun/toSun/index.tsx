import { useTranslation } from 'react-i18next';
import { NavBar } from '../../../components/nav-bar';
import { PageBody } from '../../../components/page-body';
import { TopUpPanel } from '../../../features/top-up/components/top-up-panel';

/** USDT top-up on the network of my bound address (TRON or BSC): sending on another network fails. */
export default function TopUpUsdtPage() {
  const { t } = useTranslation();
  return (
    <>
      <NavBar title={t('topUp.usdtTitle')} back />
      <PageBody>
        <TopUpPanel currency="USDT" network={(bound) => (bound.network === 'TRON' || bound.network === 'BSC' ? bound.network : null)} />
      </PageBody>
    </>
  );
}
