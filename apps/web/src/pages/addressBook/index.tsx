import { ADDRESS_BOOK_LIMITS } from '@wallet/contract';
import { Button } from 'antd-mobile';
import { AddOutline, EnvironmentOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { QueryGate } from '../../components/query-gate';
import { Section } from '../../components/section';
import { useAddressBook } from '../../features/address-book/api/get-address-book';
import { AddressList } from '../../features/address-book/components/address-list';
import { HoldNotice } from '../../features/address-book/components/hold-notice';
import { withRedirect } from '../../lib/redirect';
import styles from './address-book-page.module.css';

const ADD_ADDRESS_PATH = '/pages/addressBook/add';

/** The withdrawal address book: names, when each address can be used, rename, delete, add. */
export default function AddressBookPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const book = useAddressBook();
  const add = () => navigate(withRedirect(ADD_ADDRESS_PATH, `${pathname}${search}`));

  return (
    <>
      <NavBar title={t('addressBook.title')} back />
      <PageBody>
        <QueryGate query={book} errorTitle={t('addressBook.loadError')} rows={5}>
          {(data) => (
            <>
              <HoldNotice book={data} />
              {data.addresses.length === 0 ? (
                <EmptyState
                  image={<EnvironmentOutline />}
                  title={t('addressBook.empty')}
                  description={t('addressBook.emptyText', { hours: data.delayHours })}
                >
                  <Button color="primary" onClick={add} data-testid="address-add">
                    {t('addressBook.add')}
                  </Button>
                </EmptyState>
              ) : (
                <>
                  <p className={styles.intro}>{t('addressBook.intro', { hours: data.delayHours })}</p>
                  <Section title={t('addressBook.count', { count: data.addresses.length, maximum: data.maximum })}>
                    <AddressList addresses={data.addresses} delayHours={data.delayHours} />
                  </Section>
                  {data.addresses.length < ADDRESS_BOOK_LIMITS.maxAddresses && (
                    <div className={styles.add}>
                      <Button block fill="outline" color="primary" onClick={add} data-testid="address-add">
                        <AddOutline aria-hidden="true" /> {t('addressBook.add')}
                      </Button>
                    </div>
                  )}
                </>
              )}
            </>
          )}
        </QueryGate>
      </PageBody>
    </>
  );
}
