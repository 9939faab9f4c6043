import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { QueryGate } from '../../components/query-gate';
import { ProductCard, ProductList } from '../../features/cards/components/product-card';
import { useCardProducts } from '../../lib/queries/get-card-products';

/** The card products on offer: level, type, currency and the three fees, each leading to the opening form. */
export default function CardProductsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const products = useCardProducts();
  return (
    <>
      <NavBar back title={t('cards.products')} />
      <PageBody>
        <QueryGate query={products} errorTitle={t('errors.unexpected')} rows={6}>
          {(data) => (
            <ProductList>
              {data.products.map((p) => (
                <List.Item key={p.id}>
                  <ProductCard
                    product={p}
                    action={
                      <Button
                        block
                        color="primary"
                        onClick={() => navigate(`/pages/apply_card_opne/index?product=${encodeURIComponent(p.id)}`)}
                        data-testid="choose-product"
                      >
                        {t('cards.choose')}
                      </Button>
                    }
                  />
                </List.Item>
              ))}
            </ProductList>
          )}
        </QueryGate>
      </PageBody>
    </>
  );
}
