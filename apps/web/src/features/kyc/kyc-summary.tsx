import { KYC_NO_EXPIRY, KYC_SIDES_BY_DOCUMENT, type KycBody } from '@wallet/contract';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../components/date-field';
import { FormFailure } from '../../components/form-failure';
import { Section } from '../../components/section';
import { useAppStore } from '../../lib/store';
import { countryName } from './countries';
import styles from './kyc.module.css';
import type { Photos } from './kyc-form';

type Props = {
  body: KycBody;
  photos: Photos;
  onEdit: () => void;
  onSubmit: () => void;
  sending: boolean;
  failure: unknown;
};

/** A label and its value; `typed` values are what the member wrote (names, numbers, address), never translated. */
type Row = [label: string, value: ReactNode, typed?: 'typed'];

function Rows({ rows, testId }: { rows: Row[]; testId: string }) {
  return (
    <dl className={styles.rows} data-testid={testId}>
      {rows.map(([label, value, typed]) => (
        <div key={label} className={styles.row}>
          <dt>{label}</dt>
          <dd translate={typed ? 'no' : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Everything the member is about to send, as they will recognise it, with a way back to correct it. */
export function KycSummary({ body, photos, onEdit, onSubmit, sending, failure }: Props) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const country = (code: string) => countryName(code, language) ?? code;
  const { address } = body;
  return (
    <div data-testid="kyc-summary">
      <p className={styles.intro}>{t('kyc.summary.intro')}</p>
      <Section title={t('kyc.groups.document')}>
        <Rows
          testId="kyc-summary-document"
          rows={[
            [t('kyc.fields.documentType'), t(body.documentType === 'passport' ? 'kyc.fields.passport' : 'kyc.fields.idCard')],
            [t('kyc.fields.nationality'), country(body.nationality)],
            [t('kyc.fields.documentNumber'), body.documentNumber, 'typed'],
            [t('kyc.fields.issueDate'), formatDay(body.issueDate, language)],
            [
              t('kyc.fields.expiryDate'),
              body.expiryDate === KYC_NO_EXPIRY ? t('kyc.fields.noExpiry') : formatDay(body.expiryDate, language),
            ],
          ]}
        />
      </Section>
      <Section title={t('kyc.groups.personal')}>
        <Rows testId="kyc-summary-personal" rows={[[t('kyc.summary.name'), `${body.firstName} ${body.lastName}`, 'typed']]} />
      </Section>
      <Section title={t('kyc.groups.contact')}>
        <Rows
          testId="kyc-summary-contact"
          rows={[
            [t('kyc.summary.phone'), `${body.phoneAreaCode} ${body.phone}`, 'typed'],
            [t('kyc.fields.email'), body.email, 'typed'],
          ]}
        />
      </Section>
      <Section title={t('kyc.groups.address')}>
        <Rows
          testId="kyc-summary-address"
          rows={[
            [t('kyc.fields.country'), country(body.country)],
            [
              t('kyc.summary.address'),
              <>
                <span className={styles.line} translate="no">
                  {[address.houseNumber, address.street].join(', ')}
                </span>
                <span className={styles.line} translate="no">
                  {[address.district, address.city, address.postcode].filter(Boolean).join(', ')}
                </span>
              </>,
            ],
          ]}
        />
      </Section>
      <Section title={t('kyc.groups.photos')}>
        <div className={styles.thumbs} data-testid="kyc-summary-photos">
          {KYC_SIDES_BY_DOCUMENT[body.documentType].map((side) => {
            const preview = photos[side]?.preview;
            return (
              <figure key={side} className={styles.thumb}>
                {preview ? (
                  <img src={preview} alt={t('kyc.summary.photoAlt', { side: t(`kyc.photos.${side}`) })} />
                ) : (
                  <span className={styles.photoTile} aria-hidden="true" />
                )}
                <figcaption>{t(`kyc.photos.${side}`)}</figcaption>
              </figure>
            );
          })}
        </div>
      </Section>
      {failure ? (
        <div className={styles.failure}>
          <FormFailure error={failure} />
        </div>
      ) : null}
      <div className={styles.actions}>
        <Button block size="large" onClick={onEdit} disabled={sending} data-testid="kyc-edit">
          {t('kyc.summary.edit')}
        </Button>
        <Button block size="large" color="primary" loading={sending} onClick={onSubmit} data-testid="kyc-submit">
          {t('kyc.summary.submit')}
        </Button>
      </div>
    </div>
  );
}
