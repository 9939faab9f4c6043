import { KYC_PHOTO_SIDES, KYC_SIDES_BY_DOCUMENT, type KycBody, type KycPhotoSide } from '@wallet/contract';
import { Button, Form, Input, Selector, Switch } from 'antd-mobile';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { expiryDateRange, issueDateRange } from '../../lib/dates';
import type { FieldIssue } from '../../lib/form-issues';
import { CountryField } from './country-field';
import styles from './kyc.module.css';
import { checkKyc, type KycField, kycValues } from './kyc-values';
import { type PhotoState, PhotoUpload } from './photo-upload';

/** Missing dates share their field's sentence. */
const ISSUE_KEY = { issueMissing: 'issueDate', expiryMissing: 'expiryDate' } as const;

export type Photos = Partial<Record<KycPhotoSide, PhotoState>>;

type Props = {
  cardId: string;
  /** Sides the server already holds (a redo after a failed review). */
  earlier: readonly KycPhotoSide[];
  /** Problems the server found, shown under their fields. */
  serverIssues: FieldIssue[];
  onReview: (body: KycBody, photos: Photos) => void;
};

/**
 * The KYC form in groups, each field with its own sentence when something is wrong: the document
 * first (its type decides which photos are needed), then the person, contact and address, then the
 * photos. "Check details" leads to the summary; nothing is sent from here.
 */
export function KycForm({ cardId, earlier, serverIssues, onReview }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const now = useMemo(() => new Date(), []);
  const issueRange = useMemo(() => issueDateRange(now), [now]);
  const expiryRange = useMemo(() => expiryDateRange(now), [now]);
  const documentType: KycBody['documentType'] = Form.useWatch('documentType', form) ?? 'id_card';
  const noExpiry: boolean = Form.useWatch('noExpiry', form) ?? false;
  const [photos, setPhotos] = useState<Photos>({});
  const [photoIssues, setPhotoIssues] = useState<Partial<Record<KycPhotoSide, string>>>({});
  const sides = KYC_SIDES_BY_DOCUMENT[documentType];

  const onPhoto = useCallback((side: KycPhotoSide, state: PhotoState) => {
    setPhotos((all) => ({ ...all, [side]: state }));
    if (state.status !== 'empty') setPhotoIssues((all) => ({ ...all, [side]: undefined }));
  }, []);

  const show = (issues: FieldIssue[]) => {
    form.setFields(issues.map(({ field, message }) => ({ name: field, errors: [message] })));
    // The first problem may be far up a long form: bring it into view.
    requestAnimationFrame(() =>
      document.querySelector('.adm-form-item-has-error, [data-photo-issue]')?.scrollIntoView({ block: 'center' }),
    );
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: shown once per reply of the server, not per render.
  useEffect(() => {
    if (serverIssues.length > 0) show(serverIssues);
  }, [serverIssues]);

  const onFinish = (raw: Record<string, unknown>) => {
    const values = kycValues(raw);
    const result = checkKyc(values, cardId, new Date(), (key) =>
      t(`kyc.issues.${ISSUE_KEY[key as keyof typeof ISSUE_KEY] ?? key}` as 'kyc.issues.city'),
    );
    const missing: Partial<Record<KycPhotoSide, string>> = {};
    for (const side of KYC_SIDES_BY_DOCUMENT[values.documentType]) {
      const state = photos[side]?.status;
      if (state === 'busy') missing[side] = t('kyc.issues.photoBusy');
      else if (state !== 'ready') missing[side] = t('kyc.issues.photo');
    }
    setPhotoIssues(missing);
    if (!result.ok) return show(result.issues);
    if (Object.keys(missing).length > 0) return show([]);
    onReview(result.body, photos);
  };

  const toggleNoExpiry = () => {
    form.setFieldValue('noExpiry', !form.getFieldValue('noExpiry'));
    // As a tap on the switch does (onValuesChange): the expiry date's message goes with the change.
    form.setFields([{ name: 'expiryDate', errors: [] }]);
  };

  const text = (name: KycField, label: string, placeholder: string, help?: string, inputMode?: 'email' | 'tel' | 'numeric') => (
    <Form.Item name={name} label={label} description={help} data-testid={`kyc-${name}`}>
      <Input placeholder={placeholder} clearable inputMode={inputMode} autoComplete="off" />
    </Form.Item>
  );

  return (
    <>
      <p className={styles.intro}>{t('kyc.intro')}</p>
      <Form
        name="kyc"
        form={form}
        mode="card"
        layout="vertical"
        requiredMarkStyle="none"
        className={styles.form}
        initialValues={{ documentType: 'id_card', phoneAreaCode: '+852', noExpiry: false }}
        onFinish={onFinish}
        onValuesChange={(changed) =>
          form.setFields(Object.keys(changed).map((name) => ({ name: name === 'noExpiry' ? 'expiryDate' : name, errors: [] })))
        }
        footer={
          <Button block type="submit" color="primary" size="large" data-testid="kyc-review">
            {t('kyc.review')}
          </Button>
        }
      >
        <Form.Header>{t('kyc.groups.document')}</Form.Header>
        <Form.Item
          name="documentType"
          label={t('kyc.fields.documentType')}
          description={t('kyc.help.documentType')}
          data-testid="kyc-documentType"
          getValueFromEvent={(picked: string[]) => picked[0] ?? form.getFieldValue('documentType')}
          getValueProps={(value: string) => ({ value: [value] })}
        >
          <Selector
            columns={2}
            options={[
              { label: t('kyc.fields.idCard'), value: 'id_card' },
              { label: t('kyc.fields.passport'), value: 'passport' },
            ]}
          />
        </Form.Item>
        <Form.Item name="nationality" label={t('kyc.fields.nationality')} data-testid="kyc-nationality">
          <CountryField
            title={t('kyc.countries.nationalityTitle')}
            placeholder={t('kyc.placeholders.choose')}
            testId="kyc-nationality-open"
          />
        </Form.Item>
        {text('documentNumber', t('kyc.fields.documentNumber'), t('kyc.placeholders.documentNumber'))}
        <Form.Item name="issueDate" label={t('kyc.fields.issueDate')} data-testid="kyc-issueDate">
          <DateField
            title={t('kyc.dates.issueTitle')}
            placeholder={t('kyc.placeholders.chooseDate')}
            min={issueRange.min}
            max={issueRange.max}
            start={new Date(issueRange.max.getFullYear() - 5, 0, 1)}
            testId="kyc-issueDate-open"
          />
        </Form.Item>
        <Form.Item
          name="noExpiry"
          label={
            // The switch is not a form control a <label> can name: a tap on the words turns it too. The
            // keyboard has the switch itself (focusable, named by these words); this is a larger target for a finger.
            // biome-ignore lint/a11y/noStaticElementInteractions: the switch beside it is the control; see above.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the switch beside it takes the keyboard.
            <span id="kyc-noExpiry-label" className={styles.switchLabel} onClick={toggleNoExpiry} data-testid="kyc-noExpiry-label">
              {t('kyc.help.noExpiry')}
            </span>
          }
          valuePropName="checked"
          layout="horizontal"
          childElementPosition="right"
          data-testid="kyc-noExpiry"
        >
          <Switch aria-labelledby="kyc-noExpiry-label" />
        </Form.Item>
        <Form.Item name="expiryDate" label={t('kyc.fields.expiryDate')} data-testid="kyc-expiryDate">
          <DateField
            title={t('kyc.dates.expiryTitle')}
            placeholder={t('kyc.placeholders.chooseDate')}
            min={expiryRange.min}
            max={expiryRange.max}
            start={new Date(expiryRange.min.getFullYear() + 5, 0, 1)}
            disabled={noExpiry}
            override={noExpiry ? t('kyc.fields.noExpiry') : undefined}
            testId="kyc-expiryDate-open"
          />
        </Form.Item>

        <Form.Header>{t('kyc.groups.personal')}</Form.Header>
        {text('firstName', t('kyc.fields.firstName'), t('kyc.placeholders.firstName'), t('kyc.help.names'))}
        {text('lastName', t('kyc.fields.lastName'), t('kyc.placeholders.lastName'))}

        <Form.Header>{t('kyc.groups.contact')}</Form.Header>
        {text('phoneAreaCode', t('kyc.fields.phoneAreaCode'), t('kyc.placeholders.areaCode'), undefined, 'tel')}
        {text('phone', t('kyc.fields.phone'), t('kyc.placeholders.phone'), undefined, 'tel')}
        {text('email', t('kyc.fields.email'), t('kyc.placeholders.email'), t('kyc.help.email'), 'email')}

        <Form.Header>{t('kyc.groups.address')}</Form.Header>
        <Form.Item name="country" label={t('kyc.fields.country')} description={t('kyc.help.address')} data-testid="kyc-country">
          <CountryField title={t('kyc.countries.title')} placeholder={t('kyc.placeholders.choose')} testId="kyc-country-open" />
        </Form.Item>
        {text('houseNumber', t('kyc.fields.houseNumber'), t('kyc.placeholders.houseNumber'))}
        {text('street', t('kyc.fields.street'), t('kyc.placeholders.street'))}
        {text('district', t('kyc.fields.district'), t('kyc.placeholders.district'))}
        {text('city', t('kyc.fields.city'), t('kyc.placeholders.city'))}
        {text('postcode', t('kyc.fields.postcode'), t('kyc.placeholders.postcode'), t('kyc.help.postcode'))}

        <Form.Header>{t('kyc.groups.photos')}</Form.Header>
        <Form.Item data-testid="kyc-photos">
          <div className={styles.photos}>
            {/* Every slot stays mounted: switching the document type back keeps the photos already sent. */}
            {KYC_PHOTO_SIDES.map((side) => (
              <div
                key={side}
                hidden={!(sides as readonly KycPhotoSide[]).includes(side)}
                data-photo-issue={photoIssues[side] ? true : undefined}
              >
                <PhotoUpload
                  side={side}
                  label={t(`kyc.photos.${side}`)}
                  earlier={earlier.includes(side)}
                  issue={photoIssues[side]}
                  onChange={onPhoto}
                />
              </div>
            ))}
          </div>
          <p className={styles.tip}>
            {t('kyc.photos.tip')} <span translate="no">JPEG / PNG / WebP</span>
          </p>
        </Form.Item>
      </Form>
    </>
  );
}
