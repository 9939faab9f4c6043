import { Collapse } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { NavBar } from '../../../components/nav-bar';
import { PageBody } from '../../../components/page-body';
import { PullToRefresh } from '../../../components/pull-to-refresh';
import { Section } from '../../../components/section';
import { useHelpCategory } from '../../../features/help/api/get-help-category';
import { ContactSupport } from '../../../features/help/components/contact-support';
import { HelpMissing, isNotFound } from '../../../features/help/components/help-missing';
import { LanguageNote } from '../../../features/help/components/language-note';
import { MarkdownText } from '../../../features/help/components/markdown';
import { articlePath } from '../../../features/help/components/paths';
import { useErrorText } from '../../../lib/use-error-text';
import styles from './familiar.module.css';

/**
 * The questions of one FAQ category (helpcenterSun/familiar/index?id=), each opening in place to its
 * answer. `open` names a question to show open, e.g. from a link.
 */
export default function FaqPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const open = params.get('open');
  const category = useHelpCategory(id);
  const errorText = useErrorText();

  let body: React.ReactNode;
  if (id === '' || (category.isError && isNotFound(category.error))) body = <HelpMissing code="HELP_CATEGORY_NOT_FOUND" />;
  else if (category.isPending) body = <LoadingState rows={8} />;
  else if (category.isError)
    body = (
      <ErrorState
        title={t('help.faq.loadError')}
        description={errorText(category.error)}
        onRetry={() => void category.refetch()}
        retrying={category.isFetching}
      />
    );
  else if (category.data.faqs.length === 0)
    body = (
      <>
        <EmptyState image={<FileOutline />} title={t('help.faq.empty')} description={t('help.faq.emptyText')} />
        <ContactSupport />
      </>
    );
  else
    body = (
      <>
        <Section title={t('help.centre.questions', { count: category.data.faqs.length })}>
          <Collapse className={styles.questions} defaultActiveKey={open ? [open] : []} data-testid="help-faqs">
            {category.data.faqs.map((faq) => (
              <Collapse.Panel
                key={faq.id}
                title={
                  <span className={styles.question} lang={faq.language} data-testid="help-faq-question">
                    {faq.title}
                  </span>
                }
              >
                <div data-testid="help-faq-answer">
                  <LanguageNote language={faq.language} />
                  <MarkdownText source={faq.body} />
                  <Link className={styles.openPage} to={articlePath(faq.id)} data-testid="help-faq-open">
                    {t('help.faq.openPage')}
                  </Link>
                </div>
              </Collapse.Panel>
            ))}
          </Collapse>
        </Section>
        <ContactSupport />
      </>
    );

  return (
    <>
      <NavBar title={category.data?.category.name ?? t('help.faq.title')} back />
      <PullToRefresh onRefresh={async () => void (id && (await category.refetch()))}>
        <PageBody>{body}</PageBody>
      </PullToRefresh>
    </>
  );
}
