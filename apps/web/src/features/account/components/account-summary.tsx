import type { Profile } from '@wallet/contract';
import { List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button';
import { LinkItem } from '../../../components/link-item';
import { Section } from '../../../components/section';
import { shortenAddress } from '../../../lib/format';
import styles from './account.module.css';

const KYC_COLORS = { none: 'default', in_progress: 'warning', passed: 'success', failed: 'danger' } as const;

/** Who is signed in: UID, email, bound address, identity verification and payment password state. */
export function AccountSummary({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const name = profile.nickname ?? profile.emailMasked;

  return (
    <>
      <div className={styles.hero}>
        <span className={styles.avatar} aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <div className={styles.heroText}>
          <p className={styles.name}>{name}</p>
          <p className={styles.uidRow}>
            <span data-testid="account-uid">
              {t('account.profile.uid')} {profile.uid}
            </span>
            <CopyButton text={profile.uid} label={t('account.profile.copyUid')} />
          </p>
          {profile.nickname && <p className={styles.email}>{profile.emailMasked}</p>}
        </div>
      </div>
      <Section title={t('account.profile.title')}>
        <List>
          <List.Item
            description={
              <span className={styles.addressLine}>
                <Tag color="primary" fill="outline">
                  {profile.network}
                </Tag>
                <span className={styles.mono}>{shortenAddress(profile.address)}</span>
                <CopyButton text={profile.address} label={t('account.profile.copyAddress')} />
              </span>
            }
          >
            {t('account.profile.address')}
          </List.Item>
          <LinkItem
            to="/pages/kycPokey/index"
            extra={<Tag color={KYC_COLORS[profile.kycStatus]}>{t(`account.kyc.${profile.kycStatus}`)}</Tag>}
            testId="kyc-state"
          >
            {t('account.profile.kyc')}
          </LinkItem>
          {profile.paymentPasswordSet ? (
            <List.Item extra={<Tag color="success">{t('account.payPasswordState.set')}</Tag>} data-testid="pay-password-state">
              {t('account.profile.payPassword')}
            </List.Item>
          ) : (
            <LinkItem
              to="/pages/password_pay/index"
              extra={<Tag color="warning">{t('account.payPasswordState.notSet')}</Tag>}
              testId="pay-password-state"
            >
              {t('account.profile.payPassword')}
            </LinkItem>
          )}
        </List>
      </Section>
    </>
  );
}
