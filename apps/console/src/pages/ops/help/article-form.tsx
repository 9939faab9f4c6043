import { type AdminHelpArticle, type AdminHelpCategory, HELP_ARTICLE_KINDS, HELP_LIMITS, type Language } from '@wallet/contract';
import { Col, Form, type FormInstance, type FormProps, type FormRule, Input, InputNumber, Row, Select, Switch, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPS_API } from '../api';
import { EDIT_LANGUAGES } from '../shared/languages';
import { useWholeList } from '../shared/whole-list';
import { articleTitle, categoryName } from './labels';
import { MemberPreview } from './member-preview';

export type ArticleValues = Omit<AdminHelpArticle, 'id' | 'publishedAt' | 'createdAt' | 'updatedAt'>;

/**
 * The body PUT/POST help/articles takes: the whole article, its texts only in the languages written
 * (a language left empty is removed, and its members then read the fallback).
 */
export function articleBody(values: ArticleValues): ArticleValues {
  const texts: ArticleValues['texts'] = {};
  for (const language of EDIT_LANGUAGES) {
    const text = values.texts?.[language];
    const title = text?.title?.trim() ?? '';
    const body = text?.body?.trim() ?? '';
    if (title || body) texts[language] = { title, body };
  }
  return {
    ...values,
    categoryId: values.categoryId ?? null,
    popup: values.kind === 'announcement' && Boolean(values.popup),
    relatedIds: values.relatedIds ?? [],
    texts,
  };
}

/** Title and Markdown per language, each beside its preview as the member app draws it. */
function LanguageTab({ form, language }: { form: FormInstance<ArticleValues>; language: Language }) {
  const { t } = useTranslation();
  const title = Form.useWatch(['texts', language, 'title'], form) ?? '';
  const body = Form.useWatch(['texts', language, 'body'], form) ?? '';
  const kind = Form.useWatch('kind', form) ?? 'announcement';
  const popup = Form.useWatch('popup', form);
  const needed: FormRule = ({ getFieldValue }) => ({
    validator(_: unknown, value: string | undefined) {
      const other = getFieldValue(['texts', language, 'title']) || getFieldValue(['texts', language, 'body']);
      return other && !value?.trim() ? Promise.reject(new Error(t('ops.help.bothNeeded'))) : Promise.resolve();
    },
  });
  return (
    <Row gutter={24} wrap={false}>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Form.Item
          name={['texts', language, 'title']}
          label={t('ops.help.title')}
          dependencies={[['texts', language, 'body']]}
          rules={[needed]}
        >
          <Input maxLength={HELP_LIMITS.titleMax} showCount />
        </Form.Item>
        <Form.Item
          name={['texts', language, 'body']}
          label={t('ops.help.body')}
          extra={t('ops.help.markdownHint')}
          dependencies={[['texts', language, 'title']]}
          rules={[needed]}
        >
          <Input.TextArea rows={16} maxLength={HELP_LIMITS.bodyMax} showCount style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </Col>
      <Col flex="none">
        <div style={{ marginBottom: 8 }}>{t('ops.help.previewAs')}</div>
        <MemberPreview title={title} body={body} kind={popup ? 'popup' : kind} language={language} />
      </Col>
    </Row>
  );
}

/** The article's fields (kind, category, pop-up, pinned, order, published, related) and its texts. */
export function ArticleFields({
  form,
  formProps,
  editingId,
}: {
  form: FormInstance<ArticleValues>;
  formProps: FormProps<ArticleValues>;
  editingId?: string;
}) {
  const { t, i18n } = useTranslation();
  const { items: categories } = useWholeList<AdminHelpCategory>(OPS_API.helpCategories, 'categories');
  const { items: articles } = useWholeList<AdminHelpArticle>(OPS_API.helpArticles, 'articles');
  const kind = Form.useWatch('kind', form);

  return (
    <Form {...formProps} layout="vertical" onFinish={(values) => formProps.onFinish?.(articleBody(values))}>
      <Row gutter={16}>
        <Col span={6}>
          <Form.Item name="kind" label={t('ops.help.kind')} rules={[{ required: true }]}>
            <Select options={HELP_ARTICLE_KINDS.map((value) => ({ value, label: t(`ops.help.kinds.${value}`) }))} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item
            name="categoryId"
            label={t('ops.help.category')}
            rules={[{ required: kind === 'faq', message: t('ops.help.categoryNeeded') }]}
          >
            <Select
              allowClear
              options={categories.map((category) => ({ value: category.id, label: categoryName(category.names, i18n.language) }))}
            />
          </Form.Item>
        </Col>
        <Col span={4}>
          <Form.Item name="sort" label={t('ops.help.sort')} tooltip={t('ops.help.sortHint')}>
            <InputNumber min={-HELP_LIMITS.sortMax} max={HELP_LIMITS.sortMax} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Row>
            <Form.Item name="published" label={t('ops.help.published')} valuePropName="checked" style={{ marginRight: 24 }}>
              <Switch />
            </Form.Item>
            <Form.Item name="pinned" label={t('ops.help.pinned')} valuePropName="checked" style={{ marginRight: 24 }}>
              <Switch />
            </Form.Item>
            <Form.Item name="popup" label={t('ops.help.kinds.popup')} valuePropName="checked" tooltip={t('ops.help.popupHint')}>
              <Switch disabled={kind !== 'announcement'} />
            </Form.Item>
          </Row>
        </Col>
        <Col span={24}>
          <Form.Item name="relatedIds" label={t('ops.help.related')} rules={[{ type: 'array', max: HELP_LIMITS.relatedMax }]}>
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              options={articles
                .filter((article) => article.id !== editingId)
                .map((article) => ({ value: article.id, label: articleTitle(article, i18n.language) }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Tabs
        items={EDIT_LANGUAGES.map((language) => ({
          key: language,
          label: t(`ops.languages.${language}`),
          forceRender: true,
          children: <LanguageTab form={form} language={language} />,
        }))}
      />
    </Form>
  );
}
