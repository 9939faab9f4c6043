import type { PayeeKind } from '@wallet/contract';
import { Button } from 'antd-mobile';
import { BankcardOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';

/** No saved account of this kind yet, and the way to add one. */
export function NoPayees({ kind, onAdd, compact }: { kind: PayeeKind; onAdd: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      compact={compact}
      image={<BankcardOutline />}
      title={t(`payout.payees.empty.${kind}`)}
      description={t('payout.payees.emptyText')}
    >
      <Button color="primary" onClick={onAdd} data-testid="payee-add">
        {t(`payout.payees.add.${kind}`)}
      </Button>
    </EmptyState>
  );
}
