import { LIMITS, type SavedAddress } from '@wallet/contract';
import { Button, Dialog, Form, Input, List, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../../components/form-failure';
import { shortenAddress } from '../../../lib/format';
import { useDeleteAddress, useRenameAddress } from '../api/change-address-book';
import styles from './address-book.module.css';
import { AddressLabel, AddressLine, Maturity } from './address-parts';

type Props = { addresses: SavedAddress[]; delayHours: number };

/** Saved addresses with their names and when each can be used; each row renames or deletes. */
export function AddressList({ addresses, delayHours }: Props) {
  const { t } = useTranslation();
  const rename = useRenameAddress();
  const remove = useDeleteAddress();
  const toast = (content: string) => Toast.show({ content, duration: LIMITS.client.toastDurationMs });
  // Dialogs of this screen rather than Dialog.confirm, so that they go when the screen does (back button).
  const [renaming, setRenaming] = useState<SavedAddress | null>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  const [label, setLabel] = useState('');

  const saveLabel = () => {
    if (!renaming) return;
    rename.mutate(
      { id: renaming.id, label: label.trim() },
      {
        onSuccess: () => {
          setRenaming(null);
          toast(t('addressBook.renamed'));
        },
      },
    );
  };

  return (
    <>
      <List data-testid="address-list">
        {addresses.map((address) => (
          <List.Item key={address.id} data-testid="address-row">
            <div className={styles.row}>
              <AddressLabel address={address} />
              <AddressLine destination={address} />
              <Maturity address={address} />
              <span className={styles.actions}>
                <Button
                  size="mini"
                  fill="outline"
                  onClick={() => {
                    setLabel(address.label ?? '');
                    rename.reset();
                    setRenaming(address);
                  }}
                  data-testid="address-rename"
                >
                  {t('addressBook.rename')}
                </Button>
                <Button
                  size="mini"
                  fill="outline"
                  color="danger"
                  loading={remove.isPending && remove.variables === address.id}
                  onClick={() => setDeleting(address)}
                  data-testid="address-delete"
                >
                  {t('addressBook.delete')}
                </Button>
              </span>
            </div>
          </List.Item>
        ))}
      </List>
      <FormFailure error={remove.error} />
      <Dialog
        visible={renaming !== null}
        title={t('addressBook.renameTitle')}
        content={
          <Form layout="vertical">
            <Form.Item label={t('addressBook.label')} data-testid="address-rename-label">
              <Input value={label} onChange={setLabel} maxLength={40} placeholder={t('addressBook.labelPlaceholder')} clearable />
            </Form.Item>
            <FormFailure error={rename.error} />
          </Form>
        }
        onClose={() => setRenaming(null)}
        actions={[
          [
            { key: 'cancel', text: t('addressBook.cancel'), onClick: () => setRenaming(null) },
            { key: 'save', text: t('addressBook.save'), bold: true, disabled: label.trim() === '', onClick: saveLabel },
          ],
        ]}
      />
      <Dialog
        visible={deleting !== null}
        title={t('addressBook.deleteTitle')}
        content={deleting && t('addressBook.deleteText', { address: shortenAddress(deleting.address), hours: delayHours })}
        closeOnAction
        onClose={() => setDeleting(null)}
        actions={[
          [
            { key: 'cancel', text: t('addressBook.cancel') },
            {
              key: 'delete',
              text: t('addressBook.delete'),
              bold: true,
              danger: true,
              onClick: () => {
                if (deleting) remove.mutate(deleting.id, { onSuccess: () => toast(t('addressBook.deleted')) });
              },
            },
          ],
        ]}
      />
    </>
  );
}
