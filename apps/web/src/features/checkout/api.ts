import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { compactPostcode, type Address, type LookupAddress } from '@elmwood/domain';
import { apiGet, apiRequest } from '../../lib/api';

export interface SavedAddress extends Omit<Address, 'phoneNumber' | 'street'> {
  id: number;
  isDefault: boolean;
  street: string;
  phoneNumber: string | null;
}

export const addressKeys = { book: ['address-book'] as const };

export function useAddressBook(enabled: boolean) {
  return useQuery({
    queryKey: addressKeys.book,
    queryFn: ({ signal }) => apiGet<SavedAddress[]>('/shop-api/address-book', undefined, signal),
    enabled,
  });
}

export function useSaveAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (address: Address & { id?: number }) =>
      address.id
        ? apiRequest<SavedAddress>(`/shop-api/address-book/${address.id}`, { method: 'PUT', body: address })
        : apiRequest<SavedAddress>('/shop-api/address-book', { method: 'POST', body: address }),
    onSuccess: () => client.invalidateQueries({ queryKey: addressKeys.book }),
  });
}

export function lookupPostcode(postcode: string): Promise<{ addresses: LookupAddress[] }> {
  return apiGet(`/shop-api/address-lookup/${encodeURIComponent(compactPostcode(postcode))}`);
}

/** Deletes a saved address; the server refuses one an order in progress still uses (409 ADDRESS_IN_USE). */
export function useDeleteAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/shop-api/address-book/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: addressKeys.book }),
  });
}

/** Makes a saved address the one deliveries go to by default (the account's address manager). */
export function useSetDefaultAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/shop-api/address-book/${id}/default`, { method: 'PATCH' }),
    onSuccess: () => client.invalidateQueries({ queryKey: addressKeys.book }),
  });
}
