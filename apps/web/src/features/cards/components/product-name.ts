import type { CardProduct } from '@wallet/contract';
import { useAppStore } from '../../../lib/store';

/**
 * A product's name in the language now chosen. The reply's `name` is in the language of the request
 * that fetched it, and cached replies outlive a language switch; `names` carries every language given.
 */
export function useProductName(): (product: CardProduct) => string {
  const language = useAppStore((state) => state.language);
  return (product) => product.names[language] ?? product.name;
}
