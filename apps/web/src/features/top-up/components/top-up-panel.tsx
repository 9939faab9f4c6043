import type { Currency, Network } from '@wallet/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { Section } from '../../../components/section';
import { useErrorText } from '../../../lib/use-error-text';
import { useDeposits } from '../api/get-deposits';
import { useTopUpInfo } from '../api/get-top-up-info';
import { CheckTxForm } from './check-tx-form';
import { DepositAddressCard } from './deposit-address-card';
import { DepositList } from './deposit-list';
import styles from './top-up.module.css';

const BIND_PATH = '/pages/bindingAddress/index';

type Props = {
  currency: Currency;
  /** The deposit network for this person, or null when their bound address rules this asset out. */
  network: (bound: { network: string | null; address: string | null }) => Network | null;
};

/** One asset's top-up: where to send, the rules, today's remaining top-ups, and my deposits live. */
export function TopUpPanel({ currency, network: pickNetwork }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const info = useTopUpInfo();
  const deposits = useDeposits();

  if (info.isError)
    return (
      <ErrorState
        title={t('topUp.loadError')}
        description={errorText(info.error)}
        onRetry={() => void info.refetch()}
        retrying={info.isFetching}
      />
    );
  if (!info.data) return <LoadingState rows={6} />;
  const bound = { network: info.data.boundNetwork, address: info.data.boundAddress };
  const network = pickNetwork(bound);
  const target = network ? info.data.networks.find((n) => n.network === network) : undefined;

  if (!bound.address || !network) {
    return (
      <EmptyState title={t('topUp.bindFirst')} description={t('topUp.bindFirstText')}>
        <Button color="primary" onClick={() => navigate(BIND_PATH)} data-testid="topup-bind">
          {t('topUp.bind')}
        </Button>
      </EmptyState>
    );
  }

  return (
    <>
      <Section title={t('topUp.addressTitle', { currency })}>
        {target ? (
          <DepositAddressCard network={target.network} address={target.depositAddress} confirmations={target.confirmationsRequired} />
        ) : (
          <p className={styles.meta} data-testid="topup-unavailable">
            {/* BTC is off until an operator sets up its watch-only wallet (BTC_XPUB and an Esplora API): say so. */}
            {network === 'BTC' ? t('topUp.btcUnavailable') : t('topUp.unavailable', { network: t(`network.${network}`) })}
          </p>
        )}
      </Section>
      {/* Rules about an address that is not shown would only confuse. */}
      {target ? (
        <Section title={t('topUp.rulesTitle')}>
          {network === 'BTC' ? (
            // A personal deposit address: who sends does not matter, only the asset and its network.
            <ul className={styles.warnings}>
              <li>{t('topUp.ruleOwnAddress')}</li>
              <li>{t('topUp.ruleAssetOnly', { asset: currency, network: t(`network.${network}`) })}</li>
              <li>{t('topUp.ruleOtherwise')}</li>
            </ul>
          ) : (
            <>
              <p className={styles.meta}>
                {t('topUp.yourAddress', { network: t(`network.${network}`) })}
                <br />
                <span className={styles.hash} data-testid="topup-bound">
                  {bound.address}
                </span>
              </p>
              <ul className={styles.warnings}>
                <li>{t('topUp.ruleSameAddress')}</li>
                <li>
                  {currency === 'USDT'
                    ? t('topUp.ruleSameNetwork')
                    : t('topUp.ruleAssetOnly', { asset: currency, network: t(`network.${network}`) })}
                </li>
                <li>{t('topUp.ruleOtherwise')}</li>
              </ul>
            </>
          )}
          <p className={styles.meta} data-testid="topup-remaining">
            {t('topUp.remaining', { remaining: info.data.remainingToday, perDay: info.data.perDay })}
          </p>
          {info.data.devFaucet ? (
            <p className={styles.meta}>
              <a href={info.data.devFaucet} target="_blank" rel="noreferrer" data-testid="topup-dev-faucet">
                {t('topUp.devFaucet')}
              </a>
            </p>
          ) : null}
        </Section>
      ) : null}
      {target ? (
        <Section title={t('topUp.checkTitle')}>
          <CheckTxForm network={target.network} />
        </Section>
      ) : null}
      <Section title={t('topUp.depositsTitle')}>
        {deposits.data ? (
          <DepositList deposits={deposits.data.filter((d) => d.currency === currency)} />
        ) : deposits.isError ? (
          <p className={styles.meta}>{errorText(deposits.error)}</p>
        ) : (
          <LoadingState rows={2} />
        )}
      </Section>
    </>
  );
}
