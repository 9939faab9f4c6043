import { HELP_LIMITS } from '@wallet/contract';
import { Button, SearchBar } from 'antd-mobile';
import { QuestionCircleOutline, SearchOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { QueryGate } from '../../components/query-gate';
import { Section } from '../../components/section';
import { useHelpHome } from '../../features/help/api/get-help-home';
import { searchTerm, useHelpSearch } from '../../features/help/api/search-help';
import { ArticleList } from '../../features/help/components/article-list';
import { CategoryGrid } from '../../features/help/components/category-grid';
import { ContactSupport } from '../../features/help/components/contact-support';
import { SERVICE_PATH } from '../../features/help/components/paths';
import { useErrorText } from '../../lib/use-error-text';
import styles from './help-centre.module.css';

const TYPING_PAUSE_MS = 400;

/**
 * The help centre (helpcenterSun/index): a search box, the announcements, the FAQ categories and the
 * guides. The search lives in the address (?q=), so going back from a result returns to the results.
 */
export default function HelpCentrePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = searchTerm(params.get('q'));
  const [draft, setDraft] = useState(query);
  const home = useHelpHome();

  // Searching follows the typing once it pauses; Enter searches at once.
  useEffect(() => {
    const next = searchTerm(draft);
    if (next === query) return;
    const timer = setTimeout(() => setParams(next ? { q: next } : {}, { replace: true }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft, query, setParams]);

  return (
    <>
      <NavBar title={t('help.centre.title')} back />
      <div className={styles.search} data-testid="help-search">
        <SearchBar
          placeholder={t('help.centre.searchPlaceholder')}
          value={draft}
          maxLength={HELP_LIMITS.searchMax}
          onChange={setDraft}
          onSearch={(value) => {
            const next = searchTerm(value);
            setParams(next ? { q: next } : {}, { replace: true });
          }}
          onClear={() => setParams({}, { replace: true })}
          aria-label={t('help.centre.searchLabel')}
        />
      </div>
      <PullToRefresh onRefresh={async () => void (await home.refetch())}>
        <PageBody>{query ? <SearchResults query={query} /> : <HelpHome home={home} />}</PageBody>
      </PullToRefresh>
    </>
  );
}

function HelpHome({ home }: { home: ReturnType<typeof useHelpHome> }) {
  const { t } = useTranslation();
  return (
    <QueryGate query={home} errorTitle={t('help.centre.loadError')} rows={8}>
      {(data) =>
        data.announcements.length + data.categories.length + data.guides.length === 0 ? (
          <>
            <EmptyState image={<QuestionCircleOutline />} title={t('help.centre.emptyTitle')} description={t('help.centre.emptyText')} />
            <ContactSupport />
          </>
        ) : (
          <>
            <Section title={t('help.centre.announcements')}>
              {data.announcements.length > 0 ? (
                <ArticleList articles={data.announcements} testId="help-announcements" />
              ) : (
                <p className={styles.none}>{t('help.centre.noAnnouncements')}</p>
              )}
            </Section>
            <Section title={t('help.centre.categories')}>
              {data.categories.length > 0 ? (
                <CategoryGrid categories={data.categories} />
              ) : (
                <p className={styles.none}>{t('help.centre.noCategories')}</p>
              )}
            </Section>
            {data.guides.length > 0 && (
              <Section title={t('help.centre.guides')}>
                <ArticleList articles={data.guides} testId="help-guides" />
              </Section>
            )}
            <ContactSupport />
          </>
        )
      }
    </QueryGate>
  );
}

function SearchResults({ query }: { query: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const search = useHelpSearch(query);
  if (search.isPending) return <LoadingState rows={5} />;
  if (search.isError) {
    return (
      <ErrorState
        title={t('help.search.error')}
        description={errorText(search.error)}
        onRetry={() => void search.refetch()}
        retrying={search.isFetching}
      />
    );
  }
  const { results } = search.data;
  return (
    <>
      <Section title={t('help.search.results', { query: search.data.query })}>
        {results.length > 0 ? (
          <ArticleList articles={results} testId="help-results" showKind />
        ) : (
          <EmptyState image={<SearchOutline />} title={t('help.search.empty')} description={t('help.search.emptyText')} compact>
            <Button color="primary" fill="outline" size="small" onClick={() => navigate(SERVICE_PATH)} data-testid="help-results-contact">
              {t('help.centre.contact')}
            </Button>
          </EmptyState>
        )}
      </Section>
      {results.length > 0 && <ContactSupport />}
    </>
  );
}
