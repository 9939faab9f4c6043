import { List } from 'antd-mobile';
import { MessageOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { LinkItem } from '../../../components/link-item';
import { Section } from '../../../components/section';
import { SERVICE_PATH } from './paths';

/** The way out of the help centre when it did not answer: the support page. */
export function ContactSupport() {
  const { t } = useTranslation();
  return (
    <Section title={t('help.centre.contactTitle')}>
      <List>
        <LinkItem
          to={SERVICE_PATH}
          prefix={<MessageOutline aria-hidden />}
          description={t('help.centre.contactText')}
          testId="help-contact"
        >
          {t('help.centre.contact')}
        </LinkItem>
      </List>
    </Section>
  );
}
