import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { List } from '@refinedev/antd';
import { CanAccess, useCan, useCustom, useCustomMutation } from '@refinedev/core';
import { type AdminHelpService, HELP_CONTACT_KINDS, HELP_LIMITS } from '@wallet/contract';
import { Alert, App, Button, Card, Col, Form, Input, Row, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, QueryError } from '../../../components/query-error';
import { OPS_API } from '../api';
import { EDIT_LANGUAGES } from '../shared/languages';

/** Drops the languages left empty: the server keeps only the texts it is sent. */
function written(texts: Partial<Record<string, string>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(texts ?? {}).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim())));
}

/** Support contacts and opening hours in every language (GET, PUT help/service replaces them all). */
export function HelpServicePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { query } = useCustom<AdminHelpService>({ url: OPS_API.helpService, method: 'get', errorNotification: false });
  const [error, setError] = useState<unknown>(null);
  const { mutateAsync, mutation } = useCustomMutation();
  // Readers (auditor, support) see the service as a form they cannot change: no field, add or remove.
  const { data: can } = useCan({ resource: 'help-service', action: 'edit' });
  const canEdit = can?.can === true;
  // The form starts from the saved service, so it is drawn only once the reply is in.
  const service = query.data?.data;

  if (query.isError) return <QueryError error={query.error} onRetry={() => query.refetch()} />;
  if (!service) return <Spin />;

  const submit = async (values: AdminHelpService) => {
    setError(null);
    try {
      await mutateAsync({
        url: OPS_API.helpService,
        method: 'put',
        values: {
          contacts: (values.contacts ?? []).map((contact) => ({ ...contact, value: contact.value.trim(), label: written(contact.label) })),
          hours: written(values.hours),
        },
        successNotification: false,
        errorNotification: false,
      });
      message.success(t('ops.help.serviceSaved'));
      void query.refetch();
    } catch (cause) {
      setError(cause);
    }
  };

  return (
    <List title={t('ops.help.service')}>
      <Form layout="vertical" initialValues={service} onFinish={submit} disabled={!canEdit}>
        <Card size="small" title={t('ops.help.contacts')} style={{ marginBottom: 16 }}>
          <Form.List name="contacts">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Row key={field.key} gutter={8} align="top" wrap={false}>
                    <Col flex="140px">
                      <Form.Item name={[field.name, 'kind']} label={t('ops.help.contactKind')} rules={[{ required: true }]}>
                        <Select options={HELP_CONTACT_KINDS.map((kind) => ({ value: kind, label: t(`ops.help.contactKinds.${kind}`) }))} />
                      </Form.Item>
                    </Col>
                    <Col flex="200px">
                      <Form.Item
                        name={[field.name, 'value']}
                        label={t('ops.help.contactValue')}
                        rules={[{ required: true, whitespace: true, message: t('ops.common.required') }]}
                      >
                        <Input maxLength={HELP_LIMITS.contactValueMax} />
                      </Form.Item>
                    </Col>
                    {EDIT_LANGUAGES.map((language) => (
                      <Col flex="1" key={language} style={{ minWidth: 0 }}>
                        <Form.Item
                          name={[field.name, 'label', language]}
                          label={t('ops.help.contactLabelIn', { language: t(`ops.languages.${language}`) })}
                        >
                          <Input maxLength={HELP_LIMITS.contactLabelMax} />
                        </Form.Item>
                      </Col>
                    ))}
                    {canEdit && (
                      <Col flex="32px" style={{ paddingTop: 34 }}>
                        <MinusCircleOutlined aria-label={t('ops.help.removeContact')} onClick={() => remove(field.name)} />
                      </Col>
                    )}
                  </Row>
                ))}
                {canEdit && (
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    disabled={fields.length >= HELP_LIMITS.contactsMax}
                    onClick={() => add({ kind: 'email', value: '', label: {} })}
                  >
                    {t('ops.help.addContact')}
                  </Button>
                )}
              </>
            )}
          </Form.List>
        </Card>
        <Card size="small" title={t('ops.help.hours')} style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            {EDIT_LANGUAGES.map((language) => (
              <Col span={12} key={language}>
                <Form.Item name={['hours', language]} label={t(`ops.languages.${language}`)}>
                  <Input.TextArea rows={3} maxLength={HELP_LIMITS.hoursMax} showCount />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Card>
        {error ? (
          <Alert type="error" showIcon message={errorText(error, t('ops.common.actionFailed'))} style={{ marginBottom: 16 }} />
        ) : null}
        <CanAccess resource="help-service" action="edit">
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t('buttons.save')}
          </Button>
        </CanAccess>
      </Form>
    </List>
  );
}
