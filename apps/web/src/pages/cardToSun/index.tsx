import { Form, Input, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DigitsInput } from '../../components/digits-input';
import { FormFooter } from '../../components/form-footer';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { useWithdrawCard } from '../../features/cards/api/card-money';
import { useCard } from '../../features/cards/api/get-cards';
import { useCardId } from '../../features/cards/components/use-card-id';
import { useAttemptKeys } from '../../lib/attempt-keys';
import { formatExactMoney } from '../../lib/format';

/** Card balance back to the wallet (code 17): USD cards to USDT at the current rate, HKD cards to HKD. */
export default function CardToWalletPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useCardId();
  const card = useCard(id);
  const withdraw = useWithdrawCard();
  const keys = useAttemptKeys();
  const currency = card.data?.currency ?? 'USD';

  const onFinish = (values: { amount?: string; paymentPassword?: string }) => {
    if (!id) return;
    const amount = (values.amount ?? '').trim();
    withdraw.mutate(
      { id, amount, paymentPassword: values.paymentPassword ?? '', idempotencyKey: keys.keyFor(`${id}:${amount}`) },
      {
        onSuccess: keys.done((result) => {
          Toast.show({ content: t('cards.toWallet.done', { amount: result.credited, currency: result.walletCurrency }) });
          navigate(`/pages/cardBasic/index?id=${id}`, { replace: true });
        }),
      },
    );
  };

  return (
    <>
      <NavBar back title={t('cards.toWallet.title')} />
      <PageBody>
        <Form
          layout="vertical"
          onFinish={onFinish}
          footer={<FormFooter failure={withdraw.error} loading={withdraw.isPending} submitLabel={t('cards.toWallet.submit')} />}
        >
          <Form.Item
            name="amount"
            label={t('cards.toWallet.amount', { currency })}
            description={`${t('cards.balance')} ${formatExactMoney(card.data?.balance ?? '0', currency)} ${currency}`}
            rules={[{ required: true }]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="paymentPassword" label={t('cards.apply.paymentPassword')} rules={[{ required: true, len: 6 }]}>
            <DigitsInput length={6} secret />
          </Form.Item>
        </Form>
      </PageBody>
    </>
  );
}
