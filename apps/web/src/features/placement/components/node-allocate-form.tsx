import { type NodeOffer, type NodeTierName, nodeAllocationBodySchema } from '@wallet/contract';
import { Button, Form, Input, Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { textValues } from '../../../lib/form-issues';
import { useAllocateNodes } from '../api/nodes';
import { PaySheet } from './pay-sheet';
import styles from './placement.module.css';
import { useConfirmedSubmit } from './use-confirmed-submit';

const DRAFT_SCHEMA = nodeAllocationBodySchema.omit({ paymentPassword: true });
const FIELD_ERRORS = {
  RECIPIENT_EMAIL_NOT_FOUND: 'email',
  RECIPIENT_IS_SELF: 'email',
  NODE_ALLOCATION_SHORT: 'quantity',
  NODE_QUANTITY_INVALID: 'quantity',
} as const;

/** Gives nodes I hold to another member by email; rewards already earned stay mine. */
export function NodeAllocateForm({ offer }: { offer: NodeOffer }) {
  const { t } = useTranslation();
  const {
    form: f,
    draft,
    review,
    sheet,
  } = useConfirmedSubmit({
    schema: DRAFT_SCHEMA,
    fieldErrors: FIELD_ERRORS,
    mutation: useAllocateNodes(),
    doneText: () => t('nodes.allocate.done'),
  });

  const onFinish = (values: Record<string, unknown>) => {
    const { email, quantity } = textValues(values, ['email', 'quantity']);
    const tier = (values.tier as NodeTierName[] | undefined)?.[0];
    const trimmed = quantity.trim();
    const body = f.check({ email, tier, quantity: /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : trimmed });
    if (!body) return;
    review(body);
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
        {...sheet}
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
        submitLabel={t('nodes.allocate.submit')}
        testId="allocate-password"
      />
    </>
  );
}
