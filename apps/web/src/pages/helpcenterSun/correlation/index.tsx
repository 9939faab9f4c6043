import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { NavBar } from '../../../components/nav-bar';
import { PageBody } from '../../../components/page-body';
import { PullToRefresh } from '../../../components/pull-to-refresh';
import { Section } from '../../../components/section';
import { useHelpArticle } from '../../../features/help/api/get-help-article';
import { ArticleList } from '../../../features/help/components/article-list';
import { ContactSupport } from '../../../features/help/components/contact-support';
import { formatDay } from '../../../features/help/components/format';
import { HelpMissing, isNotFound } from '../../../features/help/components/help-missing';
import { LanguageNote } from '../../../features/help/components/language-note';
import { MarkdownText } from '../../../features/help/components/markdown';
import { faqPath } from '../../../features/help/components/paths';
import { useAppStore } from '../../../lib/store';
import { useErrorText } from '../../../lib/use-error-text';
import styles from './correlation.module.css';

/** One article of the help centre (helpcenterSun/correlation/index?id=): its text and the related articles. */
export default function ArticlePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const query = useHelpArticle(id);
  const errorText = useErrorText();
  const language = useAppStore((state) => state.language);

  let body: React.ReactNode;
  if (id === '' || (query.isError && isNotFound(query.error))) body = <HelpMissing code="HELP_ARTICLE_NOT_FOUND" />;
  else if (query.isPending) body = <LoadingState rows={10} />;
  else if (query.isError)
    body = (
      <ErrorState
        title={t('help.article.loadError')}
        description={errorText(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else {
    const { article, related } = query.data;
    body = (
      <>
        <article className={styles.article} data-testid="help-article">
          <header className={styles.header}>
            <h2 className={styles.title} lang={article.language} data-testid="help-article-title">
              {article.title}
            </h2>
            <p className={styles.meta}>
              <Tag color="primary" fill="outline">
                {t(`help.kind.${article.kind}`)}
              </Tag>
              {article.category && (
                <Link className={styles.category} to={faqPath(article.category.id)}>
                  {article.category.name}
                </Link>
              )}
              {article.publishedAt && <span>{t('help.article.published', { date: formatDay(article.publishedAt, language) })}</span>}
            </p>
          </header>
          <LanguageNote language={article.language} />
          <div lang={article.language}>
            <MarkdownText source={article.body} testId="help-article-body" />
          </div>
        </article>
        {related.length > 0 && (
          <Section title={t('help.article.related')}>
            <ArticleList articles={related} testId="help-related" showKind />
          </Section>
        )}
        <ContactSupport />
      </>
    );
  }

  return (
    <>
      <NavBar title={query.data ? t(`help.kind.${query.data.article.kind}`) : t('help.article.title')} back />
      <PullToRefresh onRefresh={async () => void (id && (await query.refetch()))}>
        <PageBody>{body}</PageBody>
      </PullToRefresh>
    </>
  );
}
