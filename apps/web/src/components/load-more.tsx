import { InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from './load-more.module.css';
import { TextButton } from './text-button';

type Pages = {
  hasNextPage: boolean;
  fetchNextPage: () => Promise<{ isError: boolean; error: unknown }>;
};

/** The foot of a paged list: loads the next page as it comes into view, offers a retry when that fails. */
export function LoadMore({ pages, endText }: { pages: Pages; endText: string }) {
  const { t } = useTranslation();
  return (
    <InfiniteScroll
      // InfiniteScroll offers a retry when this rejects.
      loadMore={async () => {
        const result = await pages.fetchNextPage();
        if (result.isError) throw result.error;
      }}
      hasMore={pages.hasNextPage}
    >
      {(hasMore, failed, retry) =>
        failed ? (
          <span className={styles.note}>
            {t('common.loadMoreError')} <TextButton onClick={() => void retry()}>{t('common.retry')}</TextButton>
          </span>
        ) : (
          <span className={styles.note}>{hasMore ? t('common.loading') : endText}</span>
        )
      }
    </InfiniteScroll>
  );
}
