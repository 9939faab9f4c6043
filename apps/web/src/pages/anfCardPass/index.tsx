import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Card, okReplySchema } from '@wallet/contract';
import { Button, Form, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DigitsInput } from '../../components/digits-input';
import { EmptyState } from '../../components/empty-state';
import { FormFooter } from '../../components/form-footer';
import { cardQueryKey } from '../../features/cards/api/get-cards';
import { CardPage } from '../../features/cards/components/card-page';
import { api } from '../../lib/api';

/**
 * Sets the 6-digit PIN of a card (physical cards are used with it in shops), confirmed with the payment
 * password. A physical card gets its PIN once its printed number is bound.
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
  const queryClient = useQueryClient();
  const id = card.id;
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
  const onFinish = (values: { pin?: string; paymentPassword?: string }) =>
    setPin.mutate(
      { pin: values.pin ?? '', paymentPassword: values.paymentPassword ?? '' },
      {
        onSuccess: () => {
          Toast.show({ content: t('cards.physical.pinSet') });
          navigate(`/pages/cardBasic/index?id=${id}`, { replace: true });
        },
      },
    );
  return (
    <Form
      layout="vertical"
      onFinish={onFinish}
      footer={
        <FormFooter failure={setPin.error} loading={setPin.isPending} submitTestId="pin-submit" submitLabel={t('cards.physical.setPin')} />
      }
    >
      <Form.Item name="pin" label={t('cards.physical.pin')} rules={[{ required: true, len: 6 }]}>
        <DigitsInput length={6} secret />
      </Form.Item>
      <Form.Item name="paymentPassword" label={t('cards.apply.paymentPassword')} rules={[{ required: true, len: 6 }]}>
        <DigitsInput length={6} secret />
      </Form.Item>
    </Form>
  );
}
