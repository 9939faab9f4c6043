import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AddAddressBody, type SavedAddress, savedAddressSchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { ADDRESS_BOOK_QUERY_KEY } from './get-address-book';

/** Saves an address, proven with the emailed code (purpose address_book) or the payment password. */
export function addAddress(body: AddAddressBody): Promise<SavedAddress> {
  return api.post('/api/v1/wallet/address-book', body, { schema: savedAddressSchema });
}

export function renameAddress({ id, label }: { id: string; label: string }): Promise<SavedAddress> {
  return api.patch(`/api/v1/wallet/address-book/${encodeURIComponent(id)}`, { label }, { schema: savedAddressSchema });
}

/** Saving it again later starts a new wait. */
export function deleteAddress(id: string): Promise<unknown> {
  return api.delete(`/api/v1/wallet/address-book/${encodeURIComponent(id)}`);
}

function useBookMutation<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDRESS_BOOK_QUERY_KEY }) });
}

export const useAddAddress = () => useBookMutation(addAddress);
export const useRenameAddress = () => useBookMutation(renameAddress);
export const useDeleteAddress = () => useBookMutation(deleteAddress);
