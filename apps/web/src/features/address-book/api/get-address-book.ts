import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AddressBookReply, addressBookReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { useSignedIn } from '../../../lib/session';

export const ADDRESS_BOOK_QUERY_KEY = ['address-book'] as const;

export function getAddressBook({ signal }: { signal?: AbortSignal } = {}): Promise<AddressBookReply> {
  return api.get('/api/v1/wallet/address-book', { signal, schema: addressBookReplySchema });
}

export const addressBookQueryOptions = () =>
  queryOptions({ queryKey: ADDRESS_BOOK_QUERY_KEY, queryFn: ({ signal }) => getAddressBook({ signal }) });

/** My saved withdrawal addresses, when each becomes usable, and any hold on every withdrawal. */
export function useAddressBook() {
  const signedIn = useSignedIn();
  return useQuery({ ...addressBookQueryOptions(), enabled: signedIn });
}
