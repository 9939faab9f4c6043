import { SellPage } from './sell-page';

/** Flash exchange to Alipay ("remit", PRODUCT_SPEC.md section 2). */
export default function AlipaySellPage() {
  return <SellPage kind="alipay" />;
}
