import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LinkItem } from '../../components/link-item';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { Section } from '../../components/section';

/** Top-up: choose the asset (and so the network) to deposit. */
export default function TopUpChoosePage() {
  const { t } = useTranslation();
  return (
    <>
      <NavBar title={t('topUp.title')} back />
      <PageBody>
        <Section title={t('topUp.chooseTitle')}>
          <List>
            <LinkItem to="/pages/topUpSun/toSun/index" description={t('topUp.usdtNetworks')} testId="topup-usdt">
              USDT
            </LinkItem>
            <LinkItem to="/pages/topUpSun/toEth/index" description={t('network.ETH')} testId="topup-eth">
              ETH
            </LinkItem>
            <LinkItem to="/pages/topUpSun/toBtc/index" description={t('network.BTC')} testId="topup-btc">
              BTC
            </LinkItem>
          </List>
        </Section>
      </PageBody>
    </>
  );
}
