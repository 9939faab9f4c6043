import type { CardProduct, Language } from '@wallet/contract';

/**
 * The card product a notification names, in `language`. The server writes the name in the member's
 * language of the moment (and, since then, the product's id): a member who switched language later
 * reads it in the new one. Older notifications carry only that name, so it is looked up among every
 * language's names. Unknown products keep the name as written.
 */
export function productNameIn(
  params: Readonly<Record<string, string>>,
  products: readonly CardProduct[] | undefined,
  language: Language,
): string | undefined {
  const written = params.product;
  if (written === undefined || !products) return written;
  const product =
    products.find((p) => p.id === params.productId) ?? products.find((p) => p.name === written || Object.values(p.names).includes(written));
  return product ? (product.names[language] ?? product.name) : written;
}
