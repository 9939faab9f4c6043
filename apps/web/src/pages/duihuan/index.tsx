import { SellPage } from '../huichu/sell-page';

/** Flash exchange to a bank account (PRODUCT_SPEC.md section 2). */
export default function BankSellPage() {
  return <SellPage kind="bank" />;
}
