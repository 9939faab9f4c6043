import { useQueryClient } from '@tanstack/react-query';
import { transferBodySchema, uidSchema } from '@wallet/contract';
import { Button, Form, Input } from 'antd-mobile';
import { ScanningOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../../components/form-failure';
import { ApiError } from '../../../lib/api-client';
import { textValues } from '../../../lib/form-issues';
import { useApiForm } from '../../../lib/use-api-form';
import { type Recipient, recipientQueryOptions } from '../api/get-recipient';
import { RecentRecipients } from './recent-recipients';
import { RecipientCard } from './recipient-card';
import styles from './transfer.module.css';

const uidFormSchema = transferBodySchema.pick({ toUid: true });
/** UIDs are 8 digits (uidSchema). */
const UID_LENGTH = 8;

type Props = {
  /** The signed-in person's UID: sending to oneself is refused here already. */
  myUid: string;
  /** A UID to look up at once (from a scanned payment code). */
  initialUid: string | null;
  onContinue: (recipient: Recipient) => void;
  onScan: () => void;
};

/** Step 1 of a transfer: the recipient's UID, looked up so the person sees who it is before paying. */
export function RecipientLookupForm({ myUid, initialUid, onContinue, onScan }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [found, setFound] = useState<Recipient | null>(null);
  const [busy, setBusy] = useState(false);
  const f = useApiForm(uidFormSchema, { fieldOf: { RECIPIENT_NOT_FOUND: 'toUid', TRANSFER_TO_SELF: 'toUid' } });

  const lookUp = async (raw: string) => {
    setFound(null);
    const uid = raw.trim();
    if (uid === '') return f.showIssues([{ field: 'toUid', message: t('form.required') }]);
    if (!uidSchema.safeParse(uid).success) return f.showIssues([{ field: 'toUid', message: t('transfer.uidFormat') }]);
    if (!f.check({ toUid: uid })) return;
    if (uid === myUid) return f.showError(new ApiError('TRANSFER_TO_SELF', 'own UID', 400));
    setBusy(true);
    try {
      setFound(await queryClient.fetchQuery(recipientQueryOptions(uid)));
    } catch (error) {
      f.showError(error);
    } finally {
      setBusy(false);
    }
  };

  const typedUid: unknown = Form.useWatch('toUid', f.form);

  // Tapping a recent recipient fills the UID and looks it up, as typing it and going on would; what the
  // list already says about them answers the lookup, so it spends none of the lookup limit.
  const pick = (recipient: Recipient) => {
    queryClient.setQueryData(recipientQueryOptions(recipient.uid).queryKey, recipient);
    f.form.setFieldsValue({ toUid: recipient.uid });
    void lookUp(recipient.uid);
  };

  // A scanned code arrives with its UID: look it up straight away, once.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !initialUid) return;
    started.current = true;
    f.form.setFieldsValue({ toUid: initialUid });
    void lookUp(initialUid);
  });

  return (
    <Form
      name="transferRecipient"
      form={f.form}
      layout="vertical"
      requiredMarkStyle="none"
      onFinish={(values) => void lookUp(textValues(values, ['toUid']).toUid)}
      onValuesChange={(changed) => {
        f.onValuesChange(changed);
        setFound(null);
      }}
      footer={
        <>
          <FormFailure error={f.failure} />
          {found ? (
            <div className={styles.found}>
              <RecipientCard recipient={found} />
              <Button block color="primary" size="large" onClick={() => onContinue(found)} data-testid="recipient-continue">
                {t('transfer.continue')}
              </Button>
            </div>
          ) : (
            <Button block type="submit" color="primary" size="large" loading={busy} data-testid="recipient-submit">
              {t('transfer.lookUp')}
            </Button>
          )}
          {!found && !typedUid && !initialUid && <RecentRecipients onPick={pick} />}
        </>
      }
    >
      <Form.Item
        name="toUid"
        label={t('transfer.uid')}
        description={t('transfer.uidHint')}
        data-testid="recipient-uid"
        extra={
          <button type="button" className={styles.scan} onClick={onScan} aria-label={t('transfer.scan')} data-testid="recipient-scan">
            <ScanningOutline aria-hidden="true" />
          </button>
        }
      >
        <UidInput placeholder={t('transfer.uidPlaceholder')} />
      </Form.Item>
    </Form>
  );
}

/** A UID: digits only, as many as a UID has. */
function UidInput({
  id,
  value,
  onChange,
  placeholder,
}: {
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  placeholder: string;
}) {
  return (
    <Input
      id={id}
      className={styles.uidInput}
      inputMode="numeric"
      autoComplete="off"
      value={value}
      onChange={(next) => onChange?.(next.replace(/\D/g, '').slice(0, UID_LENGTH))}
      placeholder={placeholder}
    />
  );
}
