import { Create, Edit, useForm } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import type { AdminHelpArticle } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { OPS_API } from '../api';
import { ArticleFields, type ArticleValues } from './article-form';

const NEW_ARTICLE: Partial<ArticleValues> = {
  kind: 'announcement',
  categoryId: null,
  popup: false,
  pinned: false,
  sort: 0,
  published: true,
  relatedIds: [],
  texts: {},
};

/** A new help article (POST help/articles). */
export function HelpArticleCreate() {
  const { t } = useTranslation();
  const { formProps, saveButtonProps, form } = useForm<AdminHelpArticle, HttpError, ArticleValues>({
    resource: 'help-articles',
    action: 'create',
    meta: { apiPath: OPS_API.helpArticles },
    redirect: 'list',
  });
  return (
    <Create title={t('ops.help.newArticle')} saveButtonProps={saveButtonProps}>
      <ArticleFields form={form} formProps={{ ...formProps, initialValues: NEW_ARTICLE }} />
    </Create>
  );
}

/** An article replaced whole (GET then PUT help/articles/:id). */
export function HelpArticleEdit() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { formProps, saveButtonProps, formLoading, form } = useForm<AdminHelpArticle, HttpError, ArticleValues>({
    resource: 'help-articles',
    action: 'edit',
    id,
    meta: { apiPath: OPS_API.helpArticles },
    redirect: 'list',
  });
  return (
    <Edit title={t('ops.help.editArticle')} saveButtonProps={saveButtonProps} isLoading={formLoading} canDelete={false}>
      <ArticleFields form={form} formProps={formProps} editingId={id} />
    </Edit>
  );
}
