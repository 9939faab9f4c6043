import { Decimal } from '@wallet/contract';
import { Button, Form, Input, List, Radio, Space } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DigitsInput } from '../../components/digits-input';
import { EmptyState } from '../../components/empty-state';
import { FormCard } from '../../components/form-card';
import { FormFooter } from '../../components/form-footer';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { QueryGate } from '../../components/query-gate';
import { useOpenCard } from '../../features/cards/api/open-card';
import { APPLY_MAX_LENGTH, applyRules, SHIPPING_FIELDS } from '../../features/cards/components/apply-rules';
import { ProductCard, ProductList } from '../../features/cards/components/product-card';
import { useAttemptKeys } from '../../lib/attempt-keys';
import { useCardProducts } from '../../lib/queries/get-card-products';

/**
 * Opening a card: cardholder name in English letters, and for a physical card where to send it; the
 * fee is paid with the payment password and the card opens in the background (see afterOpen).
 */
export default function ApplyCardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const products = useCardProducts();
  const open = useOpenCard();
  const keys = useAttemptKeys();
  const [form] = Form.useForm();
  const product = products.data?.products.find((p) => p.id === params.get('product')) ?? products.data?.products[0];
  // The product's name is in the page, not the bar: "Open a card · Physical USD Platinum" does not fit a phone.
  const title = t('cardPack.apply.title');
  if (!product)
    return (
      <>
        <NavBar back title={title} />
        <PageBody>
          <QueryGate query={products} errorTitle={t('errors.unexpected')} rows={6}>
            {() => (
              <EmptyState title={t('cards.products')}>
                <Button color="primary" size="small" onClick={() => navigate('/pages/cardNewSbc/index', { replace: true })}>
                  {t('cards.choose')}
                </Button>
              </EmptyState>
            )}
          </QueryGate>
        </PageBody>
      </>
    );
  const physical = product.type === 'physical';
  // A ticket the member holds pays a fee (a free card does not spend it); the server decides again when paying.
  const ticketPays = products.data?.ticketCovers === true && new Decimal(product.openingFee).gt(0);
  const rules = applyRules((key) => t(`cardPack.apply.issues.${key}`));
  const placeholder = (field: keyof typeof APPLY_MAX_LENGTH) => t(`cardPack.apply.placeholders.${field}`);

  const onFinish = (values: Record<string, string>) => {
    const body = {
      productId: product.id,
      firstName: values.firstName ?? '',
      lastName: values.lastName ?? '',
      paymentPassword: values.paymentPassword ?? '',
      ...(ticketPays ? { paidByTicket: true } : {}),
      ...(physical
        ? { shipping: { ...Object.fromEntries(SHIPPING_FIELDS.map((f) => [f, values[f] ?? ''])), pickup: values.pickup ?? 'mail' } }
        : {}),
    };
    open.mutate(
      { body: body as never, idempotencyKey: keys.keyFor(JSON.stringify({ ...body, paymentPassword: undefined })) },
      {
        onSuccess: keys.done((card) => {
          navigate(`/pages/afterOpen/index?id=${card.id}`, { replace: true });
        }),
      },
    );
  };

  return (
    <>
      <NavBar back title={title} />
      <PageBody>
        <ProductList>
          <List.Item>
            <ProductCard product={product} />
          </List.Item>
          {ticketPays && <List.Item data-testid="apply-ticket-pays">{t('cards.apply.ticketPays')}</List.Item>}
        </ProductList>
        <FormCard>
          <Form
            form={form}
            layout="vertical"
            onFinish={onFinish}
            initialValues={{ pickup: 'mail', phoneAreaCode: '+852' }}
            footer={
              <FormFooter
                failure={open.error}
                loading={open.isPending}
                submitTestId="apply-submit"
                submitLabel={ticketPays ? t('cards.apply.submitTicket') : t('cards.apply.submit', { fee: product.openingFee })}
              />
            }
          >
            <Form.Item name="firstName" label={t('cards.apply.firstName')} rules={rules.firstName} data-testid="apply-firstName">
              <Input
                autoComplete="given-name"
                placeholder={placeholder('firstName')}
                maxLength={APPLY_MAX_LENGTH.firstName}
                data-testid="apply-first-name"
              />
            </Form.Item>
            <Form.Item name="lastName" label={t('cards.apply.lastName')} rules={rules.lastName} data-testid="apply-lastName">
              <Input
                autoComplete="family-name"
                placeholder={placeholder('lastName')}
                maxLength={APPLY_MAX_LENGTH.lastName}
                data-testid="apply-last-name"
              />
            </Form.Item>
            {physical &&
              SHIPPING_FIELDS.map((field) => (
                <Form.Item key={field} name={field} label={t(`cards.apply.${field}`)} rules={rules[field]} data-testid={`apply-${field}`}>
                  <Input
                    placeholder={placeholder(field)}
                    maxLength={APPLY_MAX_LENGTH[field]}
                    inputMode={field === 'phone' || field === 'phoneAreaCode' ? 'tel' : undefined}
                  />
                </Form.Item>
              ))}
            {physical && (
              <Form.Item name="pickup" label={t('cards.apply.pickup')}>
                <Radio.Group>
                  <Space wrap>
                    <Radio value="mail">{t('cards.apply.mail')}</Radio>
                    <Radio value="self_pickup">{t('cards.apply.selfPickup')}</Radio>
                  </Space>
                </Radio.Group>
              </Form.Item>
            )}
            <Form.Item
              name="paymentPassword"
              label={t('cards.apply.paymentPassword')}
              rules={rules.paymentPassword}
              data-testid="apply-paymentPassword"
            >
              <DigitsInput length={6} secret placeholder={t('cardMoney.payPasswordPlaceholder')} />
            </Form.Item>
          </Form>
        </FormCard>
      </PageBody>
    </>
  );
}
