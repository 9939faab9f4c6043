import { APP_VERSION } from '@wallet/contract';
import { List } from 'antd-mobile';
import {
  BellOutline,
  DownlandOutline,
  FileOutline,
  InformationCircleOutline,
  MessageOutline,
  QuestionCircleOutline,
  UploadOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { LinkItem } from '../../../components/link-item';
import { Section } from '../../../components/section';
import { APP_PATHS } from './paths';

/** The settings screen's way to help, support, messages and the app's own pages. */
export function SettingsLinks() {
  const { t } = useTranslation();
  return (
    <Section title={t('release.links.title')}>
      <List>
        <LinkItem to={APP_PATHS.helpCentre} prefix={<QuestionCircleOutline />} testId="settings-help">
          {t('release.links.helpCentre')}
        </LinkItem>
        <LinkItem to={APP_PATHS.service} prefix={<MessageOutline />} testId="settings-service">
          {t('release.links.service')}
        </LinkItem>
        <LinkItem to={APP_PATHS.tickets} prefix={<FileOutline />} testId="settings-tickets">
          {t('release.links.tickets')}
        </LinkItem>
        <LinkItem to={APP_PATHS.messages} prefix={<BellOutline />} testId="settings-messages">
          {t('release.links.messages')}
        </LinkItem>
        <LinkItem to={APP_PATHS.version} prefix={<UploadOutline />} extra={APP_VERSION} testId="settings-version">
          {t('release.links.version')}
        </LinkItem>
        <LinkItem to={APP_PATHS.download} prefix={<DownlandOutline />} testId="settings-download">
          {t('release.links.download')}
        </LinkItem>
        <LinkItem to={APP_PATHS.about} prefix={<InformationCircleOutline />} testId="settings-about">
          {t('release.links.about')}
        </LinkItem>
      </List>
    </Section>
  );
}
