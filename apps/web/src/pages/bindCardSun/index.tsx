import { type Card, cardNumberDigits, isLuhnValid, LIMITS } from '@wallet/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FormCard } from '../../components/form-card';
import { FormFooter } from '../../components/form-footer';
import { useBindCard } from '../../features/cards/api/bind-card';
import { CardPage } from '../../features/cards/components/card-page';
import styles from '../../features/cards/components/cards.module.css';

/** Digits only, grouped by four as printed on the card. */
const groupDigits = (value: string | undefined) =>
  (value ?? '')
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** Binding a delivered physical card: the number printed on it, Luhn-checked here, then checked by the issuer. */
export default function BindCardPage() {
  const { t } = useTranslation();
  return (
    <CardPage title={t('cards.bind.title')} rows={4}>
      {(card) => <BindStep card={card} />}
    </CardPage>
  );
}

/** Why the card cannot be bound yet, with the way forward; or the form. */
function BindStep({ card }: { card: Card }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const go = (path: string) => () => navigate(`${path}?id=${card.id}`);
  const blocked = (title: string, description: string, action: string, path: string) => (
    <EmptyState title={title} description={description}>
      <Button color="primary" size="small" onClick={go(path)} data-testid="bind-next">
        {action}
      </Button>
    </EmptyState>
  );
  if (card.type !== 'physical')
    return blocked(t('cards.bind.virtualTitle'), t('cards.bind.virtualText'), t('cards.after.toCard'), '/pages/cardBasic/index');
  if (card.boundAt)
    return blocked(t('cards.bind.alreadyTitle'), t('cards.bind.alreadyText'), t('cards.bind.viewBound'), '/pages/bound/index');
  if (card.shippingStatus !== 'delivered')
    return blocked(
      t('cards.bind.notDeliveredTitle'),
      t('cards.bind.notDeliveredText'),
      t('cards.physical.trackingTitle'),
      '/pages/kuaidi/index',
    );
  if (card.status !== 'active')
    return blocked(t('cards.bind.kycFirstTitle'), t('cards.bind.kycFirstText'), t('cards.kycStatus.title'), '/pages/kycPokey/index');
  return <BindForm card={card} />;
}

function BindForm({ card }: { card: Card }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const bind = useBindCard(card.id);
  const [form] = Form.useForm();
  // Checked when the field is left, and again on every keystroke once a refusal is showing: the
  // message then goes as soon as the number is right, not when the button is pressed (which would
  // move the button from under the finger and lose the tap).
  const recheckShownError = () => {
    if (form.getFieldError('cardNumber').length > 0) form.validateFields(['cardNumber']).catch(() => undefined);
  };
  const onFinish = (values: { cardNumber?: string }) =>
    bind.mutate(values.cardNumber ?? '', {
      onSuccess: () => navigate(`/pages/bound/index?id=${card.id}`, { replace: true }),
    });
  return (
    <>
      <FormCard title={t('cards.bind.heading')} description={t('cards.bind.intro', { last4: card.maskedNumber?.slice(-4) ?? '----' })}>
        <Form
          form={form}
          layout="vertical"
          requiredMarkStyle="none"
          onFinish={onFinish}
          onValuesChange={recheckShownError}
          footer={
            <FormFooter failure={bind.error} loading={bind.isPending} submitTestId="bind-submit" submitLabel={t('cards.bind.submit')} />
          }
        >
          <Form.Item
            name="cardNumber"
            label={t('cards.bind.cardNumber')}
            normalize={groupDigits}
            validateTrigger="onBlur"
            rules={[
              { required: true, message: t('form.required') },
              {
                // A typo the Luhn check catches is refused here: it never reaches the issuer or costs an attempt.
                validator: async (_: unknown, value?: string) => {
                  const digits = cardNumberDigits(value ?? '');
                  if (digits === '') return;
                  if (!/^\d{13,19}$/.test(digits)) throw new Error(t('cards.bind.format'));
                  if (!isLuhnValid(digits)) throw new Error(t('cardMoney.bind.invalid'));
                },
              },
            ]}
          >
            <Input inputMode="numeric" autoComplete="off" placeholder="0000 0000 0000 0000" data-testid="bind-card-number" />
          </Form.Item>
        </Form>
      </FormCard>
      <ul className={`${styles.notice} ${styles.guide}`} data-testid="bind-guidance">
        <li>{t('cards.bind.afterKyc', { minutes: LIMITS.card.bindAfterKycMinutes })}</li>
        <li>{t('cards.bind.attempts', { attempts: LIMITS.card.bindMaxFailures, minutes: LIMITS.card.bindLockMinutes })}</li>
        <li>{t('cards.bind.pinNext')}</li>
      </ul>
    </>
  );
}
