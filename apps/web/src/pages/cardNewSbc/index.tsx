import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { useCardProducts } from '../../features/cards/api/get-products';

/** The card products on offer: level, type, currency and the three fees, each leading to the opening form. */
export default function CardProductsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const products = useCardProducts();
  return (
    <>
      <NavBar back title={t('cards.products')} />
      <PageBody>
        {products.isPending && <LoadingState rows={4} />}
        {products.isError && <ErrorState title={t('errors.unexpected')} onRetry={() => void products.refetch()} />}
        {products.data && (
          <List data-testid="card-products">
            {products.data.products.map((p) => (
              <List.Item
                key={p.id}
                description={`${t(`cards.type.${p.type}`)} · ${p.currency} · ${t('cards.openingFee')} ${p.openingFee} USDT · ${t('cards.monthlyFee')} ${p.monthlyFee} ${p.currency} · ${t('cards.rechargeFee')} ${(Number(p.rechargeFeeRate) * 100).toFixed(2)}%`}
                extra={
                  <Button
                    size="small"
                    color="primary"
                    onClick={() => navigate(`/pages/apply_card_opne/index?product=${p.id}`)}
                    data-testid="choose-product"
                  >
                    {t('cards.choose')}
                  </Button>
                }
              >
                {p.name}
              </List.Item>
            ))}
          </List>
        )}
      </PageBody>
    </>
  );
}
