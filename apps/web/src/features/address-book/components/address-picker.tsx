import { type AddressBookReply, type BindableNetwork, isAddressOf, normalizeAddress, type SavedAddress } from '@wallet/contract';
import { Button, List, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import styles from './address-book.module.css';
import { AddressLabel, AddressLine, Maturity } from './address-parts';

type Destination = { network: BindableNetwork; address: string };

type Props = {
  book: AddressBookReply;
  bound: Destination;
  /** What the withdraw form holds now. */
  current: Destination;
  onChoose: (destination: Destination) => void;
  managePath: string;
};

const same = (a: Destination, b: Destination) =>
  a.network === b.network && isAddressOf(a.network, a.address) && normalizeAddress(a.network, a.address) === b.address;

/** The saved address the form's destination is, if any. */
export function savedMatch(book: AddressBookReply, current: Destination): SavedAddress | undefined {
  return book.addresses.find((saved) => same(current, saved));
}

/**
 * On the withdraw screen, in its row of address actions (a flex row that wraps): choosing a saved address, and what the address typed means: usable,
 * usable only from a time, or new (a withdrawal to it saves it, and it waits).
 */
export function AddressPicker({ book, bound, current, onChoose, managePath }: Props) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const [open, setOpen] = useState(false);
  const match = savedMatch(book, current);
  const isBound = same(current, bound);
  const typedValid = current.address.trim() !== '' && isAddressOf(current.network, current.address.trim());

  const note = () => {
    if (match && !match.usable)
      return (
        <span className={styles.pending}>{t('addressBook.picker.notUsable', { time: formatDateTime(match.usableFrom, language) })}</span>
      );
    if (!match && !isBound && typedValid) return t('addressBook.picker.newAddress', { hours: book.delayHours });
    return null;
  };
  const shown = note();

  const choose = (destination: Destination) => {
    setOpen(false);
    onChoose(destination);
  };

  return (
    <>
      <Button size="mini" fill="none" color="primary" onClick={() => setOpen(true)} data-testid="withdraw-choose-saved">
        {t('addressBook.picker.choose')}
      </Button>
      {shown && (
        <p className={styles.pickerNote} data-testid="withdraw-address-note">
          {shown}
        </p>
      )}
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyStyle={{ borderRadius: '16px 16px 0 0' }}>
        <div className={styles.popupBody}>
          <h2 className={styles.popupTitle}>{t('addressBook.picker.title')}</h2>
          <List data-testid="withdraw-saved-list">
            <List.Item onClick={() => choose(bound)} description={<AddressLine destination={bound} />} data-testid="withdraw-saved-bound">
              <span className={styles.label}>{t('addressBook.picker.bound')}</span>
            </List.Item>
            {book.addresses.map((saved) => (
              <List.Item
                key={saved.id}
                onClick={() => choose({ network: saved.network, address: saved.address })}
                description={
                  <span className={styles.row}>
                    <AddressLine destination={saved} />
                    <Maturity address={saved} />
                  </span>
                }
                data-testid="withdraw-saved-row"
              >
                <AddressLabel address={saved} />
              </List.Item>
            ))}
          </List>
          <div className={styles.add}>
            <Link to={managePath} data-testid="withdraw-manage-addresses">
              {t('addressBook.picker.manage')}
            </Link>
          </div>
        </div>
      </Popup>
    </>
  );
}
