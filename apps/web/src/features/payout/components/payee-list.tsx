import { LIMITS, type Payee } from '@wallet/contract';
import { Button, Dialog, List, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../../components/form-failure';
import { useStepUp } from '../../../components/step-up-sheet';
import { useDeletePayee } from '../api/delete-payee';
import { useSetDefaultPayee } from '../api/set-default-payee';
import { PayeeAccount, PayeeName } from './payee-lines';
import styles from './payout.module.css';

type Props = {
  payees: Payee[];
  /** Choosing for a sale: a tap picks the account. Otherwise each row offers its actions. */
  onChoose?: (payee: Payee) => void;
  onEdit: (payee: Payee) => void;
};

/** Saved receiving accounts, numbers masked, the default marked. */
export function PayeeList({ payees, onChoose, onEdit }: Props) {
  const { t } = useTranslation();
  const makeDefault = useSetDefaultPayee();
  const remove = useDeletePayee();
  const stepUp = useStepUp();
  const toast = (content: string) => Toast.show({ content, duration: LIMITS.client.toastDurationMs });

  // A dialog of this screen rather than Dialog.confirm, so that it goes when the screen does (back button).
  const [deleting, setDeleting] = useState<Payee | null>(null);

  return (
    <>
      {stepUp.sheet}
      <List data-testid="payee-list">
        {payees.map((payee) =>
          onChoose ? (
            <List.Item key={payee.id} onClick={() => onChoose(payee)} description={<PayeeAccount payee={payee} />} data-testid="payee-row">
              <PayeeName payee={payee} />
            </List.Item>
          ) : (
            <List.Item
              key={payee.id}
              description={
                <>
                  <PayeeAccount payee={payee} />
                  <span className={styles.payeeActions}>
                    {!payee.isDefault && (
                      <Button
                        size="mini"
                        fill="outline"
                        color="primary"
                        loading={makeDefault.isPending && makeDefault.variables === payee.id}
                        onClick={() => makeDefault.mutate(payee.id, { onSuccess: () => toast(t('payout.payees.defaultSet')) })}
                        data-testid="payee-set-default"
                      >
                        {t('payout.payees.setDefault')}
                      </Button>
                    )}
                    <Button size="mini" fill="outline" onClick={() => onEdit(payee)} data-testid="payee-edit">
                      {t('payout.payees.edit')}
                    </Button>
                    <Button
                      size="mini"
                      fill="outline"
                      color="danger"
                      loading={remove.isPending && remove.variables?.id === payee.id}
                      onClick={() => setDeleting(payee)}
                      data-testid="payee-delete"
                    >
                      {t('payout.payees.delete')}
                    </Button>
                  </span>
                </>
              }
              data-testid="payee-row"
            >
              <PayeeName payee={payee} />
            </List.Item>
          ),
        )}
      </List>
      <FormFailure error={makeDefault.error ?? remove.error} />
      <Dialog
        visible={deleting !== null}
        title={t('payout.payees.deleteTitle')}
        content={deleting && t('payout.payees.deleteText', { name: deleting.name, account: deleting.accountMasked })}
        closeOnAction
        onClose={() => setDeleting(null)}
        actions={[
          [
            { key: 'cancel', text: t('common.cancel') },
            {
              key: 'delete',
              text: t('payout.payees.delete'),
              bold: true,
              danger: true,
              onClick: () => {
                if (!deleting) return;
                const { id } = deleting;
                stepUp
                  .run((secondFactor) => remove.mutateAsync({ id, secondFactor }))
                  .then(
                    () => toast(t('payout.payees.deleted')),
                    () => {},
                  );
              },
            },
          ],
        ]}
      />
    </>
  );
}
