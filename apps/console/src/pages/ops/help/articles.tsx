import { CreateButton, EditButton, List } from '@refinedev/antd';
import { type AdminHelpArticle, type AdminHelpCategory, HELP_ARTICLE_KINDS } from '@wallet/contract';
import { Button, Input, Select, Space, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { QueryError } from '../../../components/query-error';
import { OPS_API } from '../api';
import { ActionButton } from '../shared/action-button';
import { EDIT_LANGUAGES } from '../shared/languages';
import { LOCAL_PAGING, useWholeList } from '../shared/whole-list';
import { articleTitle, categoryName } from './labels';
import { PreviewDrawer } from './preview-drawer';

/**
 * Help articles (announcements, pop-ups, FAQ, guides), published or not, with their languages
 * (GET help/articles sends them all: kind and words are filtered here).
 */
export function HelpArticleList() {
  const { t, i18n } = useTranslation();
  const { items, query } = useWholeList<AdminHelpArticle>(OPS_API.helpArticles, 'articles');
  const { items: categories } = useWholeList<AdminHelpCategory>(OPS_API.helpCategories, 'categories');
  const [kind, setKind] = useState<string | undefined>();
  const [words, setWords] = useState('');
  const [previewing, setPreviewing] = useState<AdminHelpArticle | null>(null);
  const refetch = () => void query.refetch();

  const shown = useMemo(() => {
    const needle = words.trim().toLowerCase();
    return items.filter(
      (article) =>
        (!kind || (kind === 'popup' ? article.popup : article.kind === kind)) &&
        (!needle || Object.values(article.texts).some((text) => text?.title.toLowerCase().includes(needle))),
    );
  }, [items, kind, words]);
  const categoryOf = (id: string | null) => {
    const category = categories.find((c) => c.id === id);
    return category ? categoryName(category.names, i18n.language) : t('common.none');
  };

  if (query.isError) return <QueryError error={query.error} onRetry={refetch} />;
  return (
    <List title={t('ops.help.articles')} headerButtons={<CreateButton resource="help-articles">{t('ops.help.newArticle')}</CreateButton>}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={t('ops.help.kind')}
          value={kind}
          onChange={setKind}
          options={[...HELP_ARTICLE_KINDS, 'popup'].map((value) => ({ value, label: t(`ops.help.kinds.${value}`) }))}
        />
        <Input.Search allowClear style={{ width: 320 }} placeholder={t('ops.help.searchTitles')} onSearch={setWords} />
      </Space>
      <Table<AdminHelpArticle>
        rowKey="id"
        loading={query.isFetching}
        dataSource={shown}
        pagination={LOCAL_PAGING}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: t('ops.help.title'),
            render: (_, row) => articleTitle(row, i18n.language) || t('common.none'),
            ellipsis: true,
            width: 320,
          },
          {
            dataIndex: 'kind',
            title: t('ops.help.kind'),
            render: (v: string, row) => (
              <Space size={4}>
                <Tag>{t(`ops.help.kinds.${v}`)}</Tag>
                {row.popup ? <Tag color="purple">{t('ops.help.kinds.popup')}</Tag> : null}
                {row.pinned ? <Tag color="gold">{t('ops.help.pinned')}</Tag> : null}
              </Space>
            ),
          },
          { dataIndex: 'categoryId', title: t('ops.help.category'), render: (v: string | null) => categoryOf(v) },
          {
            title: t('ops.help.languages'),
            render: (_, row) =>
              EDIT_LANGUAGES.filter((language) => row.texts[language]).map((language) => <Tag key={language}>{language}</Tag>),
          },
          {
            dataIndex: 'published',
            title: t('common.status'),
            render: (v: boolean) => (v ? <Tag color="green">{t('ops.help.published')}</Tag> : <Tag>{t('ops.help.unpublished')}</Tag>),
          },
          { dataIndex: 'updatedAt', title: t('common.updatedAt'), render: (v: string) => <DateTime value={v} /> },
          {
            title: t('table.actions'),
            fixed: 'right',
            render: (_, row) => (
              <Space size={4}>
                <Button size="small" onClick={() => setPreviewing(row)}>
                  {t('ops.help.preview')}
                </Button>
                <EditButton hideText size="small" resource="help-articles" recordItemId={row.id} />
                {row.published ? (
                  <ActionButton
                    resource="help-articles"
                    action="unpublish"
                    size="small"
                    danger
                    label={t('ops.help.unpublish')}
                    title={t('ops.help.unpublishTitle', { title: articleTitle(row, i18n.language) })}
                    warning={t('ops.help.unpublishWarning')}
                    url={OPS_API.helpUnpublish(row.id)}
                    successMessage={t('ops.help.unpublishedDone')}
                    onDone={refetch}
                  />
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <PreviewDrawer article={previewing} onClose={() => setPreviewing(null)} />
    </List>
  );
}
