import { useMutation } from '@tanstack/react-query';
import { okReplySchema } from '@wallet/contract';
import { Button, Form, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DigitsInput } from '../../components/digits-input';
import { FormFailure } from '../../components/form-failure';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { useCardId } from '../../features/cards/components/use-card-id';
import { api } from '../../lib/api';

/** Sets the 6-digit PIN of a card (physical cards are used with it in shops), confirmed with the payment password. */
export default function CardPinPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useCardId();
  const setPin = useMutation({
    mutationFn: (body: { pin: string; paymentPassword: string }) =>
      api.post(`/api/v1/cards/${encodeURIComponent(id ?? '')}/pin`, body, { schema: okReplySchema }),
  });
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
    <>
      <NavBar back title={t('cards.physical.pinTitle')} />
      <PageBody>
        <Form
          layout="vertical"
          onFinish={onFinish}
          footer={
            <>
              <FormFailure error={setPin.error} />
              <Button block type="submit" color="primary" loading={setPin.isPending}>
                {t('cards.physical.setPin')}
              </Button>
            </>
          }
        >
          <Form.Item name="pin" label={t('cards.physical.pin')} rules={[{ required: true, len: 6 }]}>
            <DigitsInput length={6} secret />
          </Form.Item>
          <Form.Item name="paymentPassword" label={t('cards.apply.paymentPassword')} rules={[{ required: true, len: 6 }]}>
            <DigitsInput length={6} secret />
          </Form.Item>
        </Form>
      </PageBody>
    </>
  );
}
