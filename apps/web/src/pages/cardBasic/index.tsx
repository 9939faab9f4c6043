import { Button, List, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FormFailure } from '../../components/form-failure';
import { LoadingState } from '../../components/loading-state';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { useFreezeCard } from '../../features/cards/api/card-money';
import { useCard } from '../../features/cards/api/get-cards';
import { CardFace } from '../../features/cards/components/card-face';
import { CardFunding } from '../../features/cards/components/card-funding';
import { CardTransactions } from '../../features/cards/components/card-transactions';
import styles from '../../features/cards/components/cards.module.css';
import { SandboxLink } from '../../features/cards/components/sandbox-link';
import { useCardId } from '../../features/cards/components/use-card-id';

/** One card: cardholder, validity, type; recharge, to wallet, freeze; why it is frozen; its transactions and its funding history. */
export default function CardBasicPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useCardId();
  const card = useCard(id);
  const freeze = useFreezeCard();
  const c = card.data;
  // The open tab lives in the address, so coming back from a transaction returns to it.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'funding' ? 'funding' : 'transactions';
  const showTab = (key: string) => {
    const next = new URLSearchParams(params);
    next.set('tab', key);
    setParams(next, { replace: true });
  };
  return (
    <>
      <NavBar back title={t('cards.basic.title')} />
      <PageBody>
        {card.isPending && <LoadingState rows={5} />}
        {c && (
          <>
            <CardFace card={c} link={false} />
            {c.frozen && c.freezeReason && (
              <p className={styles.notice} data-testid="freeze-reason">
                {t(`cards.basic.frozenBy.${c.freezeReason}`)}
              </p>
            )}
            <List>
              <List.Item extra={c.holderName}>{t('cards.basic.holder')}</List.Item>
              <List.Item extra={c.expiry ?? '--/--'}>{t('cards.basic.validity')}</List.Item>
              <List.Item extra={`${t(`cards.type.${c.type}`)} · ${c.currency}`}>{c.product.name}</List.Item>
              {c.type === 'physical' && (
                <List.Item clickable onClick={() => navigate(`/pages/kuaidi/index?id=${c.id}`)}>
                  {c.trackingNumber ? t('cards.basic.tracking', { number: c.trackingNumber }) : t('cards.physical.trackingTitle')}
                </List.Item>
              )}
              {c.type === 'physical' && (
                <List.Item
                  clickable
                  onClick={() => navigate(`/pages/${c.boundAt ? 'bound' : 'bindCardSun'}/index?id=${c.id}`)}
                  extra={c.boundAt ? t('cards.bound.done') : null}
                  data-testid="go-bind"
                >
                  {t('cards.bind.title')}
                </List.Item>
              )}
              {c.type === 'physical' && c.boundAt && (
                <List.Item clickable onClick={() => navigate(`/pages/anfCardPass/index?id=${c.id}`)}>
                  {t('cards.physical.setPin')}
                </List.Item>
              )}
              <List.Item
                clickable
                onClick={() => navigate(`/pages/kycPokey/index?id=${c.id}`)}
                extra={t(`cards.kyc.status.${c.kycStatus}`)}
                data-testid="go-kyc-status"
              >
                {t('cards.kycStatus.title')}
              </List.Item>
              {c.type === 'virtual' && (
                <List.Item clickable onClick={() => navigate(`/pages/app-cvv/index?id=${c.id}`)} data-testid="show-details">
                  {t('cards.basic.showDetails')}
                </List.Item>
              )}
            </List>
            <div className={styles.actions}>
              <Button color="primary" onClick={() => navigate(`/pages/rechargeCardSun/index?id=${c.id}`)} data-testid="go-recharge">
                {t('cards.basic.recharge')}
              </Button>
              <Button onClick={() => navigate(`/pages/cardToSun/index?id=${c.id}`)}>{t('cards.basic.toWallet')}</Button>
              <Button loading={freeze.isPending} onClick={() => freeze.mutate({ id: c.id, frozen: !c.frozen })} data-testid="toggle-freeze">
                {c.frozen ? t('cards.basic.unfreeze') : t('cards.basic.freeze')}
              </Button>
            </div>
            <FormFailure error={freeze.error} />
            <Tabs activeKey={tab} onChange={showTab} className={styles.tabs}>
              <Tabs.Tab title={t('cards.basic.transactionsTab')} key="transactions">
                <CardTransactions cardId={c.id} />
              </Tabs.Tab>
              <Tabs.Tab title={t('cards.basic.funding')} key="funding">
                <CardFunding cardId={c.id} />
              </Tabs.Tab>
            </Tabs>
            <SandboxLink />
          </>
        )}
      </PageBody>
    </>
  );
}
