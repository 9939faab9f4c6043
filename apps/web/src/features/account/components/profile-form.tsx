import { LIMITS, type Profile, updateProfileBodySchema } from '@wallet/contract';
import { Form, Input, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../../components/form-footer';
import { useApiForm } from '../../../lib/use-api-form';
import { useUpdateMe } from '../api/update-me';
import styles from './account.module.css';

type Values = { nickname?: string; phoneAreaCode?: string; phone?: string };

/** Blank fields are left as they are: the API can set these, not clear them. */
function filled(values: Values): Values {
  const out: Values = {};
  for (const key of ['nickname', 'phoneAreaCode', 'phone'] as const) {
    const value = values[key]?.trim();
    if (value) out[key] = value;
  }
  return out;
}

export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const update = useUpdateMe();
  const f = useApiForm(updateProfileBodySchema);

  const onFinish = (values: Values) => {
    const body = f.check(filled(values));
    if (!body) return;
    update.mutate(body, {
      onSuccess: () => Toast.show({ icon: 'success', content: t('common.saved'), duration: LIMITS.client.toastDurationMs }),
      onError: f.showError,
    });
  };

  return (
    <Form
      name="profile"
      form={f.form}
      layout="vertical"
      requiredMarkStyle="none"
      initialValues={{ nickname: profile.nickname ?? '', phoneAreaCode: profile.phoneAreaCode ?? '', phone: profile.phone ?? '' }}
      onFinish={onFinish}
      onValuesChange={f.onValuesChange}
      footer={<FormFooter failure={f.failure} loading={update.isPending} submitTestId="profile-submit" submitLabel={t('common.save')} />}
    >
      <Form.Item label={t('auth.fields.email')}>
        <span className={styles.readOnly}>{profile.emailMasked}</span>
      </Form.Item>
      <Form.Item name="nickname" label={t('profile.nickname')} data-testid="profile-nickname">
        <Input maxLength={32} autoComplete="nickname" placeholder={t('profile.nicknamePlaceholder')} />
      </Form.Item>
      <div className={styles.phoneRow}>
        <Form.Item name="phoneAreaCode" label={t('profile.areaCode')} data-testid="profile-area-code">
          <Input inputMode="tel" autoComplete="tel-country-code" maxLength={5} placeholder="+86" />
        </Form.Item>
        <Form.Item name="phone" label={t('profile.phone')} data-testid="profile-phone">
          <Input inputMode="tel" autoComplete="tel-national" maxLength={15} placeholder={t('profile.phonePlaceholder')} />
        </Form.Item>
      </div>
    </Form>
  );
}
