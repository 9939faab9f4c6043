import type { HelpContact, HelpContactKind } from '@wallet/contract';
import { List } from 'antd-mobile';
import {
  ClockCircleOutline,
  FileOutline,
  MailOutline,
  MessageOutline,
  PhoneFill,
  QuestionCircleOutline,
  SendOutline,
} from 'antd-mobile-icons';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyButton } from '../../components/copy-button';
import { LinkItem } from '../../components/link-item';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { QueryGate } from '../../components/query-gate';
import { Section } from '../../components/section';
import { useHelpService } from '../../features/help/api/get-help-service';
import { LanguageNote } from '../../features/help/components/language-note';
import { HELP_PATH, TICKETS_PATH } from '../../features/help/components/paths';
import styles from './service.module.css';

const ICONS: Readonly<Record<HelpContactKind, ComponentType<{ 'aria-hidden'?: boolean }>>> = {
  email: MailOutline,
  telegram: SendOutline,
  whatsapp: MessageOutline,
  phone: PhoneFill,
  wechat: MessageOutline,
  kakao: MessageOutline,
};

/**
 * Contact support (service/index): the way to the member's tickets first, then the operator's contact
 * options and opening hours, and the help centre for answers that are already written.
 */
export default function ServicePage() {
  const { t } = useTranslation();
  const service = useHelpService();
  return (
    <>
      <NavBar title={t('help.service.title')} back />
      <PullToRefresh onRefresh={async () => void (await service.refetch())}>
        <PageBody>
          <div className={styles.tickets}>
            <Link className={styles.ticketsLink} to={TICKETS_PATH} data-testid="service-tickets">
              <FileOutline className={styles.ticketsIcon} aria-hidden />
              <span className={styles.ticketsText}>
                <span className={styles.ticketsTitle}>{t('help.service.tickets')}</span>
                <span className={styles.ticketsHint}>{t('help.service.ticketsText')}</span>
              </span>
            </Link>
          </div>
          <QueryGate query={service} errorTitle={t('help.service.loadError')} rows={6}>
            {(data) => (
              <>
                <Section title={t('help.service.contacts')}>
                  {data.contacts.length > 0 ? (
                    <List className={styles.contacts} data-testid="service-contacts">
                      {data.contacts.map((contact) => (
                        <ContactRow key={`${contact.kind}:${contact.value}`} contact={contact} />
                      ))}
                    </List>
                  ) : (
                    <p className={styles.none}>{t('help.service.noContacts')}</p>
                  )}
                </Section>
                <Section title={t('help.service.hours')}>
                  <div className={styles.hours} data-testid="service-hours">
                    <ClockCircleOutline className={styles.hoursIcon} aria-hidden />
                    <div className={styles.hoursText}>
                      {data.hours && data.language ? (
                        <>
                          <LanguageNote language={data.language} />
                          <p lang={data.language}>{data.hours}</p>
                        </>
                      ) : (
                        <p>{t('help.service.noHours')}</p>
                      )}
                    </div>
                  </div>
                </Section>
              </>
            )}
          </QueryGate>
          <Section title={t('help.centre.title')}>
            <List>
              <LinkItem
                to={HELP_PATH}
                prefix={<QuestionCircleOutline aria-hidden />}
                description={t('help.service.helpCentreText')}
                testId="service-help"
              >
                {t('help.service.helpCentre')}
              </LinkItem>
            </List>
          </Section>
        </PageBody>
      </PullToRefresh>
    </>
  );
}

/** One way to reach support: its name, its address as a link when the app can open it, else as text to copy. */
function ContactRow({ contact }: { contact: HelpContact }) {
  const { t } = useTranslation();
  const Icon = ICONS[contact.kind];
  const name = contact.label ?? t(`help.service.kind.${contact.kind}`);
  // Web addresses open outside the app; mail and phone links go to the phone's own apps.
  const external = contact.href?.startsWith('https://') ?? false;
  return (
    <List.Item
      prefix={<Icon aria-hidden />}
      description={contact.label ? t(`help.service.kind.${contact.kind}`) : undefined}
      extra={contact.href ? undefined : <CopyButton text={contact.value} label={t('help.service.copy', { value: contact.value })} />}
      data-testid={`service-contact-${contact.kind}`}
    >
      <span className={styles.contactName}>{name}</span>
      {contact.href ? (
        <a
          className={styles.contactValue}
          href={contact.href}
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          data-testid="service-contact-link"
        >
          {contact.value}
        </a>
      ) : (
        <span className={styles.contactValue}>{contact.value}</span>
      )}
    </List.Item>
  );
}
