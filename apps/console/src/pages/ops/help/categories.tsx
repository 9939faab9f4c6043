import { PlusOutlined } from '@ant-design/icons';
import { List } from '@refinedev/antd';
import { CanAccess, useCustomMutation } from '@refinedev/core';
import { type AdminHelpCategory, HELP_CATEGORY_ICONS, HELP_LIMITS } from '@wallet/contract';
import { Alert, App, Button, Col, Form, Input, InputNumber, Modal, Row, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, QueryError } from '../../../components/query-error';
import { OPS_API } from '../api';
import { EDIT_LANGUAGES } from '../shared/languages';
import { LOCAL_PAGING, useWholeList } from '../shared/whole-list';

/** FAQ categories with their names in every language, icon and order (GET help/categories). */
export function HelpCategoryList() {
  const { t } = useTranslation();
  const { items, query } = useWholeList<AdminHelpCategory>(OPS_API.helpCategories, 'categories');
  const refetch = () => void query.refetch();
  if (query.isError) return <QueryError error={query.error} onRetry={refetch} />;

  return (
    <List
      title={t('ops.help.categories')}
      headerButtons={
        <CanAccess resource="help-categories" action="create">
          <CategoryForm onDone={refetch} />
        </CanAccess>
      }
    >
      <Table<AdminHelpCategory>
        rowKey="id"
        loading={query.isFetching}
        dataSource={items}
        pagination={LOCAL_PAGING}
        scroll={{ x: 'max-content' }}
        columns={[
          ...EDIT_LANGUAGES.map((language) => ({
            key: language,
            title: t(`ops.languages.${language}`),
            render: (_: unknown, row: AdminHelpCategory) => row.names[language] ?? t('common.none'),
          })),
          { dataIndex: 'icon', title: t('ops.help.icon'), render: (v: string) => <Tag>{t(`ops.help.icons.${v}`)}</Tag> },
          { dataIndex: 'sort', title: t('ops.help.sort') },
          {
            title: t('table.actions'),
            render: (_, row) => (
              <CanAccess resource="help-categories" action="edit">
                <CategoryForm category={row} onDone={refetch} />
              </CanAccess>
            ),
          },
        ]}
      />
    </List>
  );
}

type Values = Omit<AdminHelpCategory, 'id'>;

function CategoryForm({ category, onDone }: { category?: AdminHelpCategory; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [form] = Form.useForm<Values>();
  const { mutateAsync, mutation } = useCustomMutation();

  const submit = async (values: Values) => {
    setError(null);
    const names = Object.fromEntries(Object.entries(values.names ?? {}).filter(([, name]) => typeof name === 'string' && name.trim()));
    try {
      await mutateAsync({
        url: category ? OPS_API.helpCategory(category.id) : OPS_API.helpCategories,
        method: category ? 'put' : 'post',
        values: { ...values, names },
        successNotification: false,
        errorNotification: false,
      });
      setOpen(false);
      message.success(t('ops.help.categorySaved'));
      onDone();
    } catch (cause) {
      setError(cause);
    }
  };

  return (
    <>
      {category ? (
        <Button size="small" onClick={() => setOpen(true)}>
          {t('buttons.edit')}
        </Button>
      ) : (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
          {t('ops.help.newCategory')}
        </Button>
      )}
      <Modal
        open={open}
        title={category ? t('buttons.edit') : t('ops.help.newCategory')}
        okText={t('buttons.save')}
        cancelText={t('buttons.cancel')}
        okButtonProps={{ loading: mutation.isPending }}
        onOk={() => form.submit()}
        onCancel={() => {
          setOpen(false);
          setError(null);
        }}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={category ?? { names: {}, icon: 'other', sort: 0 }}
          onFinish={submit}
        >
          <Row gutter={16}>
            {EDIT_LANGUAGES.map((language) => (
              <Col span={12} key={language}>
                <Form.Item name={['names', language]} label={t(`ops.languages.${language}`)}>
                  <Input maxLength={HELP_LIMITS.categoryNameMax} />
                </Form.Item>
              </Col>
            ))}
            <Col span={12}>
              <Form.Item name="icon" label={t('ops.help.icon')} rules={[{ required: true }]}>
                <Select options={HELP_CATEGORY_ICONS.map((icon) => ({ value: icon, label: t(`ops.help.icons.${icon}`) }))} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="sort" label={t('ops.help.sort')}>
                <InputNumber min={-HELP_LIMITS.sortMax} max={HELP_LIMITS.sortMax} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        {error ? <Alert type="error" showIcon message={errorText(error, t('ops.common.actionFailed'))} /> : null}
      </Modal>
    </>
  );
}
