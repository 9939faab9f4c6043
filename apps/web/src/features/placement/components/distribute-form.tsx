import { distributionBodySchema } from '@wallet/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { textValues } from '../../../lib/form-issues';
import { useDistribute } from '../api/rounds';
import { sbc } from './my-placement';
import { PaySheet } from './pay-sheet';
import styles from './placement.module.css';
import { useConfirmedSubmit } from './use-confirmed-submit';

const DRAFT_SCHEMA = distributionBodySchema.pick({ email: true, quantity: true });
/** Refusals about the email or the quantity go back to their field, with the sheet closed. */
const FIELD_ERRORS = {
  RECIPIENT_EMAIL_NOT_FOUND: 'email',
  RECIPIENT_IS_SELF: 'email',
  PLACEMENT_AWAITING_SHORT: 'quantity',
  PLACEMENT_QUANTITY_INVALID: 'quantity',
} as const;

/** Hands acquired SBC to another member by email: at most what awaits distribution, in whole units. */
export function DistributeForm({ awaiting }: { awaiting: string }) {
  const { t } = useTranslation();
  const {
    form: f,
    draft,
    review,
    sheet,
  } = useConfirmedSubmit({
    schema: DRAFT_SCHEMA,
    fieldErrors: FIELD_ERRORS,
    mutation: useDistribute(),
    doneText: () => t('placement.distribute.done'),
  });

  const onFinish = (values: Record<string, unknown>) => {
    const body = f.check(textValues(values, ['email', 'quantity']));
    if (!body) return;
    review({ email: body.email, quantity: body.quantity });
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
        {...sheet}
        title={t('placement.distribute.confirm')}
        figures={
          draft
            ? [
                { key: 'email', label: t('placement.distribute.email'), value: draft.email, testId: 'distribute-review-email' },
                { key: 'quantity', label: t('placement.distribute.quantity'), value: sbc(draft.quantity), strong: true },
              ]
            : []
        }
        submitLabel={t('placement.distribute.submit')}
        testId="distribute-password"
      />
    </>
  );
}
