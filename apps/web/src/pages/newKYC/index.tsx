import { type KycPhotoSide, LIMITS } from '@wallet/contract';
import { Button, Form, Input, Radio, Space } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormFooter } from '../../components/form-footer';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { useKyc, useSubmitKyc } from '../../features/cards/api/kyc';
import styles from '../../features/cards/components/cards.module.css';
import { PhotoUpload } from '../../features/cards/components/photo-upload';
import { useCardId } from '../../features/cards/components/use-card-id';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NAME = /^[A-Za-z][A-Za-z .'-]*$/;
const ISO = /^\d{3}$/;

/** KYC: the form of PRODUCT_SPEC.md section 3 with document photos; shows the status and the reason of a failure to redo. */
export default function KycPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cardId = useCardId();
  const kyc = useKyc();
  const submit = useSubmitKyc();
  const [form] = Form.useForm();
  const [uploaded, setUploaded] = useState<KycPhotoSide[]>([]);
  const documentType: 'id_card' | 'passport' = Form.useWatch('documentType', form) ?? 'id_card';
  const status = kyc.data?.status ?? 'none';
  const canSubmit = status === 'none' || status === 'failed';

  const onFinish = (v: Record<string, string>) => {
    if (!cardId) return;
    submit.mutate(
      {
        cardId,
        firstName: v.firstName ?? '',
        lastName: v.lastName ?? '',
        phoneAreaCode: v.phoneAreaCode ?? '',
        phone: v.phone ?? '',
        email: v.email ?? '',
        country: v.country ?? '',
        address: {
          houseNumber: v.houseNumber ?? '',
          street: v.street ?? '',
          district: v.district ?? '',
          postcode: v.postcode ?? '',
          city: v.city ?? '',
          country: v.country ?? '',
        },
        documentType,
        nationality: v.nationality ?? '',
        documentNumber: v.documentNumber ?? '',
        issueDate: v.issueDate ?? '',
        expiryDate: v.expiryDate ?? '',
      },
      { onSuccess: () => navigate(`/pages/kycPokey/index?id=${cardId}`, { replace: true }) },
    );
  };

  const field = (name: string, label: string, pattern?: RegExp, required = true) => (
    <Form.Item name={name} label={label} rules={[{ required, ...(pattern ? { pattern } : {}) }]}>
      <Input data-testid={`kyc-${name}`} />
    </Form.Item>
  );

  return (
    <>
      <NavBar back title={t('cards.kyc.title')} />
      <PageBody>
        <p className={styles.notice} data-testid="kyc-status">
          {t(`cards.kyc.status.${status}`)}
          {status === 'failed' && ` · ${t('cards.kyc.failedReason', { reason: kyc.data?.reason })}`}
          {status === 'none' && ` · ${t('cards.after.awaitingKyc', { minutes: LIMITS.card.kycAfterPurchaseMinutes })}`}
        </p>
        {!canSubmit && (
          <div className={styles.nextSteps}>
            <Button block onClick={() => navigate(`/pages/kycPokey/index${cardId ? `?id=${cardId}` : ''}`)} data-testid="kyc-status-link">
              {t('cards.kycStatus.title')}
            </Button>
          </div>
        )}
        {canSubmit && (
          <Form
            form={form}
            layout="vertical"
            onFinish={onFinish}
            initialValues={{ documentType: 'id_card', phoneAreaCode: '+852', country: '344', nationality: '344', expiryDate: '2099-12-31' }}
            footer={
              <FormFooter failure={submit.error} loading={submit.isPending} submitTestId="kyc-submit" submitLabel={t('cards.kyc.submit')} />
            }
          >
            {field('firstName', t('cards.apply.firstName'), NAME)}
            {field('lastName', t('cards.apply.lastName'), NAME)}
            {field('phoneAreaCode', t('cards.apply.phoneAreaCode'))}
            {field('phone', t('cards.apply.phone'), /^\d{4,15}$/)}
            {field('email', t('cards.kyc.email'))}
            {field('country', t('cards.kyc.country'), ISO)}
            {field('houseNumber', t('cards.kyc.houseNumber'))}
            {field('street', t('cards.kyc.street'))}
            {field('district', t('cards.apply.district'), undefined, false)}
            {field('postcode', t('cards.kyc.postcode'))}
            {field('city', t('cards.apply.city'))}
            <Form.Item name="documentType" label={t('cards.kyc.documentType')}>
              <Radio.Group>
                <Space wrap>
                  <Radio value="id_card">{t('cards.kyc.idCard')}</Radio>
                  <Radio value="passport">{t('cards.kyc.passport')}</Radio>
                </Space>
              </Radio.Group>
            </Form.Item>
            {field('nationality', t('cards.kyc.nationality'), ISO)}
            {field('documentNumber', t('cards.kyc.documentNumber'))}
            {field('issueDate', t('cards.kyc.issueDate'), DATE)}
            {field('expiryDate', t('cards.kyc.expiryDate'), DATE)}
            {(documentType === 'passport' ? (['passport'] as const) : (['front', 'back'] as const)).map((side) => (
              <PhotoUpload
                key={side}
                side={side}
                label={t(side === 'passport' ? 'cards.kyc.passportPhoto' : `cards.kyc.${side}`)}
                onUploaded={(s) => setUploaded((list) => [...new Set([...list, s])])}
              />
            ))}
            <span hidden data-testid="kyc-uploaded">
              {uploaded.join(',')}
            </span>
          </Form>
        )}
      </PageBody>
    </>
  );
}
