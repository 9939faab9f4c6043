import { useTranslation } from 'react-i18next';
import { NavBar } from '../../../components/nav-bar';
import { PageBody } from '../../../components/page-body';
import { TopUpPanel } from '../../../features/top-up/components/top-up-panel';

/** ETH top-up on Ethereum, from my bound EVM address (the one bound on BSC). */
export default function TopUpEthPage() {
  const { t } = useTranslation();
  return (
    <>
      <NavBar title={t('topUp.ethTitle')} back />
      <PageBody>
        <TopUpPanel currency="ETH" network={(bound) => (bound.network === 'BSC' ? 'ETH' : null)} />
      </PageBody>
    </>
  );
}
