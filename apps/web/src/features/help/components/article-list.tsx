import type { HelpArticleSummary, HelpSearchResult } from '@wallet/contract';
import { List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LinkItem } from '../../../components/link-item';
import { LANGUAGE_NAMES } from '../../../lib/i18n/language-names';
import { useAppStore } from '../../../lib/store';
import { formatDay } from './format';
import styles from './help.module.css';
import { articlePath } from './paths';

type Item = HelpArticleSummary & { excerpt?: string };

/**
 * Articles as rows that open them: the title, and under it what helps choose (pinned, the date of an
 * announcement, the kind of a search result, the language when it is not the app's, an excerpt).
 */
export function ArticleList({
  articles,
  testId,
  showKind = false,
}: {
  articles: ReadonlyArray<Item | HelpSearchResult>;
  testId: string;
  showKind?: boolean;
}) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  return (
    <List className={styles.list} data-testid={testId}>
      {articles.map((article) => {
        const excerpt = 'excerpt' in article ? article.excerpt : undefined;
        const meta = [
          showKind ? t(`help.kind.${article.kind}`) : null,
          article.kind === 'announcement' && article.publishedAt ? formatDay(article.publishedAt, language) : null,
          article.language !== language ? LANGUAGE_NAMES[article.language] : null,
        ].filter((part): part is string => part !== null);
        return (
          <LinkItem
            key={article.id}
            to={articlePath(article.id)}
            testId={`${testId}-row`}
            description={
              meta.length > 0 || excerpt ? (
                <span className={styles.rowMeta}>
                  {excerpt && <span className={styles.excerpt}>{excerpt}</span>}
                  {meta.length > 0 && (
                    <span className={styles.facts}>
                      {meta.map((part) => (
                        <span key={part}>{part}</span>
                      ))}
                    </span>
                  )}
                </span>
              ) : undefined
            }
          >
            <span className={styles.rowTitle}>
              {article.pinned && (
                <Tag color="primary" fill="outline" className={styles.tag}>
                  {t('help.centre.pinned')}
                </Tag>
              )}
              <span lang={article.language}>{article.title}</span>
            </span>
          </LinkItem>
        );
      })}
    </List>
  );
}
