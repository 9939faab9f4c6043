import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CARD_PIN_LENGTH, type Card, isTrivialPin, LIMITS, okReplySchema, pinBodySchema } from '@wallet/contract';
import { Button, Form, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DigitsInput } from '../../components/digits-input';
import { EmptyState } from '../../components/empty-state';
import { FormCard } from '../../components/form-card';
import { SecuredFormFooter } from '../../components/secured-form-footer';
import { cardQueryKey } from '../../features/cards/api/get-cards';
import { CardPage } from '../../features/cards/components/card-page';
import { MoneyCardRow } from '../../features/cards/components/money-card-row';
import { api } from '../../lib/api';
import { withRedirect } from '../../lib/redirect';
import { useApiForm } from '../../lib/use-api-form';

const PAY_PASSWORD_PATH = '/pages/password_pay/index';

/**
 * Sets the 6-digit PIN of a card (physical cards are used with it in shops), typed twice and confirmed
 * with the payment password. PINs anyone would guess first are refused before the password is asked.
 * A physical card gets its PIN once its printed number is bound.
 */
export default function CardPinPage() {
  const { t } = useTranslation();
  return (
    <CardPage title={t('cards.physical.pinTitle')} rows={3}>
      {(card) => <PinStep card={card} />}
    </CardPage>
  );
}

function PinStep({ card }: { card: Card }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const id = card.id;
  const f = useApiForm(pinBodySchema, {
    fieldOf: {
      CARD_PIN_TOO_SIMPLE: 'pin',
      CARD_PIN_FORMAT: 'pin',
      PAYMENT_PASSWORD_WRONG: 'paymentPassword',
      PAYMENT_PASSWORD_FORMAT: 'paymentPassword',
    },
    linked: { pin: ['confirmPin'] },
  });
  const setPin = useMutation({
    mutationFn: (body: { pin: string; paymentPassword: string }) =>
      api.post(`/api/v1/cards/${encodeURIComponent(id)}/pin`, body, { schema: okReplySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardQueryKey(id) }),
  });
  if (card.type === 'physical' && !card.boundAt)
    return (
      <EmptyState title={t('cards.bound.notYetTitle')} description={t('cards.bound.notYetText')}>
        <Button color="primary" size="small" onClick={() => navigate(`/pages/bindCardSun/index?id=${id}`)} data-testid="go-bind">
          {t('cards.bind.submit')}
        </Button>
      </EmptyState>
    );

  const pinRules = [
    { required: true, message: t('cardMoney.pin.length') },
    { len: CARD_PIN_LENGTH, message: t('cardMoney.pin.length') },
    {
      validator: async (_: unknown, value?: string) => {
        if (value && isTrivialPin(value)) throw new Error(t('cardMoney.pin.tooSimple'));
      },
    },
  ];
  const onFinish = (values: { pin?: string; confirmPin?: string; paymentPassword?: string }) => {
    const body = f.check({ pin: values.pin ?? '', paymentPassword: values.paymentPassword ?? '' });
    if (!body) return;
    setPin.mutate(body, {
      onSuccess: () => {
        Toast.show({ content: t('cards.physical.pinSet') });
        navigate(`/pages/cardBasic/index?id=${id}`, { replace: true });
      },
      onError: f.showError,
    });
  };
  return (
    <>
      <MoneyCardRow card={card} />
      <FormCard title={t('cardMoney.pin.heading')} description={t('cardMoney.pin.intro')}>
        <Form
          form={f.form}
          layout="vertical"
          requiredMarkStyle="none"
          onFinish={onFinish}
          onValuesChange={f.onValuesChange}
          footer={
            <SecuredFormFooter
              failure={f.failure}
              loading={setPin.isPending}
              submitTestId="pin-submit"
              submitLabel={t('cards.physical.setPin')}
              onSetPaymentPassword={() => navigate(withRedirect(PAY_PASSWORD_PATH, `${pathname}${search}`))}
            />
          }
        >
          <Form.Item name="pin" label={t('cardMoney.pin.newPin')} rules={pinRules} data-testid="pin-new">
            <DigitsInput length={CARD_PIN_LENGTH} secret placeholder={t('cardMoney.pin.newPinPlaceholder')} />
          </Form.Item>
          <Form.Item
            name="confirmPin"
            label={t('cardMoney.pin.confirmPin')}
            dependencies={['pin']}
            data-testid="pin-confirm"
            rules={[
              { required: true, message: t('cardMoney.pin.length') },
              ({ getFieldValue }) => ({
                validator: async (_: unknown, value?: string) => {
                  if (value && value !== getFieldValue('pin')) throw new Error(t('cardMoney.pin.mismatch'));
                },
              }),
            ]}
          >
            <DigitsInput length={CARD_PIN_LENGTH} secret placeholder={t('cardMoney.pin.confirmPlaceholder')} />
          </Form.Item>
          <Form.Item
            name="paymentPassword"
            label={t('cardMoney.payPassword')}
            data-testid="pin-pay-password"
            rules={[
              { required: true, message: t('cardMoney.payPasswordRequired') },
              { len: LIMITS.secrets.paymentPasswordLength, message: t('cardMoney.payPasswordRequired') },
            ]}
          >
            <DigitsInput length={LIMITS.secrets.paymentPasswordLength} secret placeholder={t('cardMoney.payPasswordPlaceholder')} />
          </Form.Item>
        </Form>
      </FormCard>
    </>
  );
}
