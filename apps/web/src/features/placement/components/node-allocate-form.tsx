import { type NodeOffer, type NodeTierName, nodeAllocationBodySchema } from '@wallet/contract';
import { Button, Form, Input, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useAttemptKeys } from '../../../lib/attempt-keys';
import { textValues } from '../../../lib/form-issues';
import { showToast } from '../../../lib/toast';
import { useApiForm } from '../../../lib/use-api-form';
import { type NodeAllocationBody, useAllocateNodes } from '../api/nodes';
import { PaySheet, usePasswordForm } from './pay-sheet';
import styles from './placement.module.css';

const DRAFT_SCHEMA = nodeAllocationBodySchema.omit({ paymentPassword: true });
const FIELD_ERRORS = {
  RECIPIENT_EMAIL_NOT_FOUND: 'email',
  RECIPIENT_IS_SELF: 'email',
  NODE_ALLOCATION_SHORT: 'quantity',
  NODE_QUANTITY_INVALID: 'quantity',
} as const;
type Draft = Omit<NodeAllocationBody, 'paymentPassword'>;

/** Gives nodes I hold to another member by email; rewards already earned stay mine. */
export function NodeAllocateForm({ offer }: { offer: NodeOffer }) {
  const { t } = useTranslation();
  const f = useApiForm(DRAFT_SCHEMA, { fieldOf: FIELD_ERRORS });
  const password = usePasswordForm();
  const keys = useAttemptKeys();
  const allocate = useAllocateNodes();
  const [draft, setDraft] = useState<Draft | null>(null);

  const onFinish = (values: Record<string, unknown>) => {
    const { email, quantity } = textValues(values, ['email', 'quantity']);
    const tier = (values.tier as NodeTierName[] | undefined)?.[0];
    const trimmed = quantity.trim();
    const body = f.check({ email, tier, quantity: /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : trimmed });
    if (!body) return;
    password.clearFailure();
    setDraft(body);
  };

  const submit = (paymentPassword: string) => {
    if (!draft) return;
    allocate.mutate(
      { body: { ...draft, paymentPassword }, idempotencyKey: keys.keyFor(JSON.stringify(draft)) },
      {
        onSuccess: keys.done(() => {
          setDraft(null);
          f.form.resetFields();
          showToast({ content: t('nodes.allocate.done') });
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
        name="allocateNodes"
        form={f.form}
        layout="vertical"
        requiredMarkStyle="none"
        initialValues={{ tier: ['small'] }}
        onFinish={onFinish}
        onValuesChange={f.onValuesChange}
        footer={
          <Button block color="primary" type="submit" data-testid="allocate-next">
            {t('nodes.allocate.next')}
          </Button>
        }
      >
        <Form.Item name="tier" label={t('nodes.allocate.tier')} data-testid="allocate-tier">
          <Selector
            columns={2}
            options={[
              { value: 'small', label: t('nodes.allocate.smallHeld', { count: offer.mine.small }) },
              { value: 'large', label: t('nodes.allocate.largeHeld', { count: offer.mine.large }) },
            ]}
          />
        </Form.Item>
        <Form.Item name="email" label={t('nodes.allocate.email')} data-testid="allocate-email">
          <Input type="email" autoComplete="off" placeholder={t('placement.distribute.emailPlaceholder')} />
        </Form.Item>
        <Form.Item name="quantity" label={t('nodes.allocate.quantity')} data-testid="allocate-quantity">
          <Input inputMode="numeric" placeholder={t('nodes.buy.quantityPlaceholder')} />
        </Form.Item>
      </Form>
      <PaySheet
        visible={draft !== null}
        title={t('nodes.allocate.confirm')}
        figures={
          draft
            ? [
                { key: 'email', label: t('nodes.allocate.email'), value: draft.email },
                { key: 'tier', label: t('nodes.allocate.tier'), value: draft.tier === 'small' ? t('nodes.small') : t('nodes.large') },
                { key: 'quantity', label: t('nodes.allocate.quantity'), value: String(draft.quantity), strong: true },
              ]
            : []
        }
        form={password}
        onSubmit={submit}
        onClose={() => setDraft(null)}
        pending={allocate.isPending}
        submitLabel={t('nodes.allocate.submit')}
        testId="allocate-password"
      />
    </>
  );
}
