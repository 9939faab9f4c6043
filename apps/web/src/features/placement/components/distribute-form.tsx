import { distributionBodySchema } from '@wallet/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useAttemptKeys } from '../../../lib/attempt-keys';
import { textValues } from '../../../lib/form-issues';
import { showToast } from '../../../lib/toast';
import { useApiForm } from '../../../lib/use-api-form';
import { useDistribute } from '../api/rounds';
import { sbc } from './my-placement';
import { PaySheet, usePasswordForm } from './pay-sheet';
import styles from './placement.module.css';

const DRAFT_SCHEMA = distributionBodySchema.pick({ email: true, quantity: true });
/** Refusals about the email or the quantity go back to their field, with the sheet closed. */
const FIELD_ERRORS = {
  RECIPIENT_EMAIL_NOT_FOUND: 'email',
  RECIPIENT_IS_SELF: 'email',
  PLACEMENT_AWAITING_SHORT: 'quantity',
  PLACEMENT_QUANTITY_INVALID: 'quantity',
} as const;

type Draft = { email: string; quantity: string };

/** Hands acquired SBC to another member by email: at most what awaits distribution, in whole units. */
export function DistributeForm({ awaiting }: { awaiting: string }) {
  const { t } = useTranslation();
  const f = useApiForm(DRAFT_SCHEMA, { fieldOf: FIELD_ERRORS });
  const password = usePasswordForm();
  const keys = useAttemptKeys();
  const distribute = useDistribute();
  const [draft, setDraft] = useState<Draft | null>(null);

  const onFinish = (values: Record<string, unknown>) => {
    const body = f.check(textValues(values, ['email', 'quantity']));
    if (!body) return;
    password.clearFailure();
    setDraft({ email: body.email, quantity: body.quantity });
  };

  const submit = (paymentPassword: string) => {
    if (!draft) return;
    distribute.mutate(
      { body: { ...draft, paymentPassword }, idempotencyKey: keys.keyFor(JSON.stringify(draft)) },
      {
        onSuccess: keys.done(() => {
          setDraft(null);
          f.form.resetFields();
          showToast({ content: t('placement.distribute.done') });
        }),
        onError: (error) => {
          if (error instanceof ApiError && error.code in FIELD_ERRORS) {
            setDraft(null);
            f.showError(error);
          } else password.showError(error);
        },
      },
    );
  };

  return (
    <>
      <Form
        className={styles.form}
        name="distribute"
        form={f.form}
        layout="vertical"
        requiredMarkStyle="none"
        onFinish={onFinish}
        onValuesChange={f.onValuesChange}
        footer={
          <Button block color="primary" type="submit" data-testid="distribute-next">
            {t('placement.distribute.next')}
          </Button>
        }
      >
        <Form.Item name="email" label={t('placement.distribute.email')} data-testid="distribute-email">
          <Input type="email" autoComplete="off" placeholder={t('placement.distribute.emailPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="quantity"
          label={t('placement.distribute.quantity')}
          description={t('placement.distribute.awaiting', { awaiting: sbc(awaiting) })}
          data-testid="distribute-quantity"
        >
          <Input inputMode="numeric" placeholder={t('placement.distribute.quantityPlaceholder')} />
        </Form.Item>
      </Form>
      <PaySheet
        visible={draft !== null}
        title={t('placement.distribute.confirm')}
        figures={
          draft
            ? [
                { key: 'email', label: t('placement.distribute.email'), value: draft.email, testId: 'distribute-review-email' },
                { key: 'quantity', label: t('placement.distribute.quantity'), value: sbc(draft.quantity), strong: true },
              ]
            : []
        }
        form={password}
        onSubmit={submit}
        onClose={() => setDraft(null)}
        pending={distribute.isPending}
        submitLabel={t('placement.distribute.submit')}
        testId="distribute-password"
      />
    </>
  );
}
