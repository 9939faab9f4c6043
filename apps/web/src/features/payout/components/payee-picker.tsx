import type { Payee } from '@wallet/contract';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LinkItem } from '../../../components/link-item';
import { PayeeAccount, PayeeName } from './payee-lines';

/** The account a sale pays to, as a row that opens the accounts screen to choose another. */
export function PayeePicker({ payee, choosePath }: { payee: Payee; choosePath: string }) {
  const { t } = useTranslation();
  return (
    <List>
      <LinkItem to={choosePath} testId="payee-change" description={<PayeeAccount payee={payee} />} extra={t('payout.sell.change')}>
        <PayeeName payee={payee} />
      </LinkItem>
    </List>
  );
}
