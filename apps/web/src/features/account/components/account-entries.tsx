import { Badge, List } from 'antd-mobile';
import {
  AppstoreOutline,
  BankcardOutline,
  CheckShieldOutline,
  EnvironmentOutline,
  FileOutline,
  GiftOutline,
  GlobalOutline,
  HistogramOutline,
  KeyOutline,
  LockOutline,
  MessageOutline,
  PayCircleOutline,
  PieOutline,
  SetOutline,
  TeamOutline,
  UnorderedListOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkItem } from '../../../components/link-item';
import { Section } from '../../../components/section';
import { useLiveStatus } from '../../../lib/live-events';
import { useUnreadCount } from '../../../lib/queries/get-unread-count';
import styles from './account.module.css';

/** The account's own screens, in the order people look for them. */
export function AccountEntries() {
  const { t } = useTranslation();
  const icon = (node: ReactNode) => <span className={styles.entryIcon}>{node}</span>;
  const live = useLiveStatus((state) => state.connected);
  const unread = useUnreadCount(!live).data?.unread ?? 0;
  return (
    <>
      <Section title={t('notifications.page.title')}>
        <List>
          <LinkItem
            to="/pages/messageSun/index"
            prefix={icon(<MessageOutline />)}
            extra={unread > 0 ? <Badge content={unread > 99 ? '99+' : unread} /> : undefined}
            testId="entry-messages"
          >
            {t('notifications.page.entry')}
          </LinkItem>
        </List>
      </Section>
      <Section title={t('invitation.entrySection')}>
        <List>
          <LinkItem to="/pages/InvitationSun/index" prefix={icon(<GiftOutline />)} testId="entry-invitation">
            {t('invitation.entry')}
          </LinkItem>
          <LinkItem to="/pages/tuiguang/index" prefix={icon(<TeamOutline />)} testId="entry-agency">
            {t('invitation.agencyEntry')}
          </LinkItem>
        </List>
      </Section>
      <Section title={t('placement.entrySection')}>
        <List>
          <LinkItem to="/pages/simuSbc/index" prefix={icon(<PieOutline />)} testId="entry-placement">
            {t('placement.entry')}
          </LinkItem>
          <LinkItem to="/pages/glo/index" prefix={icon(<AppstoreOutline />)} testId="entry-nodes">
            {t('nodes.dashboard.title')}
          </LinkItem>
          <LinkItem to="/pages/global/index" prefix={icon(<GlobalOutline />)} testId="entry-large-node">
            {t('nodes.apply.title')}
          </LinkItem>
          <LinkItem to="/pages/jiefen/index" prefix={icon(<HistogramOutline />)} testId="entry-node-rewards">
            {t('nodes.rewards.title')}
          </LinkItem>
        </List>
      </Section>
      <Section title={t('reserves.entrySection')}>
        <List>
          <LinkItem to="/pages/reserves/mine" prefix={icon(<CheckShieldOutline />)} testId="entry-my-proof">
            {t('reserves.entryMine')}
          </LinkItem>
          <LinkItem to="/pages/reserves/index" prefix={icon(<FileOutline />)} testId="entry-reserves">
            {t('reserves.entryPublic')}
          </LinkItem>
        </List>
      </Section>
      <Section title={t('payout.accountSection')}>
        <List>
          <LinkItem to="/pages/huichu/index" prefix={icon(<PayCircleOutline />)} testId="entry-payout">
            {t('home.actions.payout')}
          </LinkItem>
          <LinkItem to="/pages/collectionDui/index" prefix={icon(<BankcardOutline />)} testId="entry-payees">
            {t('payout.payees.title')}
          </LinkItem>
        </List>
      </Section>
      <Section title={t('account.entries.title')}>
        <List>
          <LinkItem to="/pages/password_pay/index" prefix={icon(<LockOutline />)} testId="entry-pay-password">
            {t('account.entries.payPassword')}
          </LinkItem>
          <LinkItem to="/pages/editPassSun/index" prefix={icon(<KeyOutline />)} testId="entry-login-password">
            {t('account.entries.loginPassword')}
          </LinkItem>
          <LinkItem to="/pages/security/index" prefix={icon(<CheckShieldOutline />)} testId="entry-security">
            {t('secondFactor.entry')}
          </LinkItem>
          <LinkItem to="/pages/bindingAddress/index" prefix={icon(<EnvironmentOutline />)} testId="entry-address">
            {t('account.entries.address')}
          </LinkItem>
          <LinkItem to="/pages/addressBook/index" prefix={icon(<UnorderedListOutline />)} testId="entry-address-book">
            {t('addressBook.entry')}
          </LinkItem>
          <LinkItem to="/pages/mine/profile/index" prefix={icon(<UserContactOutline />)} testId="entry-profile">
            {t('account.entries.profile')}
          </LinkItem>
          <LinkItem to="/pages/manageSun/index" prefix={icon(<SetOutline />)} testId="entry-settings">
            {t('account.entries.settings')}
          </LinkItem>
        </List>
      </Section>
    </>
  );
}
