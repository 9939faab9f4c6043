import type { Card } from '@wallet/contract';
import { List } from 'antd-mobile';
import { BillOutline, CheckShieldOutline, FilterOutline, KeyOutline, LinkOutline, TruckOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormFailure } from '../../components/form-failure';
import { LinkItem } from '../../components/link-item';
import { Section } from '../../components/section';
import { TabSwitch } from '../../components/tab-switch';
import { useFreezeCard } from '../../features/cards/api/get-cards';
import { CardQuickActions } from '../../features/cards/components/card-actions';
import styles from '../../features/cards/components/card-detail.module.css';
import { CardFace, CardStageBar } from '../../features/cards/components/card-face';
import { CardFunding } from '../../features/cards/components/card-funding';
import { CardNotFound } from '../../features/cards/components/card-not-found';
import { CardPage } from '../../features/cards/components/card-page';
import { CardTransactions } from '../../features/cards/components/card-transactions';
import { FreezeConfirm } from '../../features/cards/components/freeze-confirm';
import { useProductName } from '../../features/cards/components/product-name';
import { SandboxLink } from '../../features/cards/components/sandbox-link';

/** Where the post stands, in the card face's words. */
const DELIVERY_STAGE = { none: 'inProduction', produced: 'inProduction', shipped: 'shipped', delivered: 'delivered' } as const;

/** One card: its face, the money actions, card and security settings, its details, its transactions and funding history. */
export default function CardBasicPage() {
  const { t } = useTranslation();
  return (
    <CardPage title={t('cardPack.detail.title')} rows={6} withoutId={<CardNotFound />}>
      {(card) => <CardDetail card={card} />}
    </CardPage>
  );
}

function CardDetail({ card: c }: { card: Card }) {
  const { t } = useTranslation();
  const productName = useProductName();
  const freeze = useFreezeCard();
  const [confirmingFreeze, setConfirmingFreeze] = useState(false);
  const toggleFreeze = () => (c.frozen ? freeze.mutate({ id: c.id, frozen: false }) : setConfirmingFreeze(true));
  // The open tab lives in the address, so coming back from a transaction returns to it.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'funding' ? 'funding' : 'transactions';
  const showTab = (key: string) => {
    const next = new URLSearchParams(params);
    next.set('tab', key);
    setParams(next, { replace: true });
  };
  const id = encodeURIComponent(c.id);
  const physical = c.type === 'physical';
  return (
    <>
      <CardFace card={c} link={false} />
      <CardStageBar card={c} />
      {c.frozen && c.freezeReason && (
        <p className={styles.notice} data-testid="freeze-reason">
          {t(`cards.basic.frozenBy.${c.freezeReason}`)}
        </p>
      )}
      <CardQuickActions card={c} onToggleFreeze={toggleFreeze} freezing={freeze.isPending} />
      <FreezeConfirm
        visible={confirmingFreeze}
        onCancel={() => setConfirmingFreeze(false)}
        onConfirm={() => {
          setConfirmingFreeze(false);
          freeze.mutate({ id: c.id, frozen: true });
        }}
      />
      <FormFailure error={freeze.error} />
      <Section title={t('cardPack.detail.security')}>
        <List>
          <LinkItem to={`/pages/cardControls/index?id=${id}`} prefix={<FilterOutline />} testId="go-controls">
            {t('cardPack.detail.controls')}
          </LinkItem>
          {physical && c.boundAt && (
            <LinkItem
              to={`/pages/anfCardPass/index?id=${id}`}
              prefix={<KeyOutline />}
              extra={c.pinSet ? t('cards.bound.pinSet') : t('cards.bound.pinNotSet')}
              testId="go-pin"
            >
              {t('cardPack.detail.pin')}
            </LinkItem>
          )}
          {physical && (
            <LinkItem
              to={`/pages/${c.boundAt ? 'bound' : 'bindCardSun'}/index?id=${id}`}
              prefix={<LinkOutline />}
              extra={c.boundAt ? t('cards.bound.done') : null}
              testId="go-bind"
            >
              {t('cardPack.detail.bind')}
            </LinkItem>
          )}
          {physical && (
            <LinkItem
              to={`/pages/kuaidi/index?id=${id}`}
              prefix={<TruckOutline />}
              extra={t(`cardPack.stage.${DELIVERY_STAGE[c.shippingStatus]}`)}
              testId="go-tracking"
            >
              {t('cardPack.detail.tracking')}
            </LinkItem>
          )}
          <LinkItem
            to={`/pages/kycPokey/index?id=${id}`}
            prefix={<CheckShieldOutline />}
            extra={t(`cards.kyc.status.${c.kycStatus}`)}
            testId="go-kyc-status"
          >
            {t('cardPack.detail.kyc')}
          </LinkItem>
          <LinkItem to={`/pages/statement/index?cardId=${id}`} prefix={<BillOutline />} testId="go-statements">
            {t('cardPack.detail.statements')}
          </LinkItem>
        </List>
      </Section>
      <Section title={t('cardPack.detail.info')}>
        <List>
          <List.Item extra={productName(c.product)}>{t('cardPack.apply.product')}</List.Item>
          <List.Item extra={`${t(`cards.type.${c.type}`)} · ${c.currency}`}>{t('cardPack.detail.type')}</List.Item>
          <List.Item extra={<span translate="no">{c.holderName}</span>}>{t('cards.basic.holder')}</List.Item>
          <List.Item extra={c.expiry ?? '--/--'}>{t('cards.basic.validity')}</List.Item>
          {physical && c.trackingNumber && <List.Item extra={c.trackingNumber}>{t('cardPack.detail.trackingNumber')}</List.Item>}
        </List>
      </Section>
      <TabSwitch
        tabs={[
          { key: 'transactions', title: t('cards.basic.transactionsTab') },
          { key: 'funding', title: t('cards.basic.funding') },
        ]}
        active={tab}
        onChange={showTab}
        className={styles.tabs}
      >
        {tab === 'funding' ? <CardFunding cardId={c.id} /> : <CardTransactions cardId={c.id} />}
      </TabSwitch>
      <SandboxLink />
    </>
  );
}
