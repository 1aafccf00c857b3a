import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@elmwood/domain';
import { ApiError, apiGet, apiRequest, isApiError } from '../../lib/api';
import { forgetPatientOnDevice } from '../../lib/patient-storage';

export const authKeys = { me: ['auth', 'me'] as const };

/** The signed-in patient, or null for a visitor. */
export function useMe() {
  return useQuery({
    queryKey: authKeys.me,
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<User>('/shop-api/me', undefined, signal);
      } catch (error) {
        if (isApiError(error) && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

function useSignedIn<T>(mutationFn: (input: T) => Promise<User>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (user) => client.setQueryData(authKeys.me, user) });
}

export function useLogin() {
  return useSignedIn((credentials: { email: string; password: string; cartToken?: string | null }) =>
    apiRequest<User>('/shop-api/login', {
      method: 'POST',
      body: { _username: credentials.email, _password: credentials.password, ...(credentials.cartToken ? { cartToken: credentials.cartToken } : {}) },
    }),
  );
}

/**
 * An email that already has an account is answered 202 with a message (its owner is emailed), never a session:
 * the form shows the message as it would a refusal.
 */
export function useSignup() {
  return useSignedIn(async (payload: Record<string, unknown>) => {
    const reply = await apiRequest<User | { code: string; message: string }>('/shop-api/register', { method: 'POST', body: payload });
    if ('code' in reply) throw new ApiError(202, reply.code, reply.message);
    return reply;
  });
}

/**
 * `leave`: where a page only for signed-in patients goes once the session has ended, before this browser
 * forgets the patient; forgetting first would send the page to login instead.
 */
export function useLogout({ leave }: { leave?: () => void | Promise<void> } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest<void>('/shop-api/logout', { method: 'POST' });
      await leave?.();
    },
    // Nothing of the patient's stays in this browser for the next person at the device: not the cached replies, nor
    // the consultation's answers or an address draft in storage (the server clears the quiz cookie).
    onSuccess: () => {
      forgetPatientOnDevice();
      client.clear();
      client.setQueryData(authKeys.me, null);
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => apiRequest<void>('/shop-api/request-password-reset', { method: 'PUT', body: { email } }) });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      apiRequest<void>(`/shop-api/reset-password/${encodeURIComponent(token)}`, { method: 'PUT', body: { password } }),
  });
}

export function useUpdateAccount() {
  return useSignedIn((changes: { birthday?: string; phoneNumber?: string; unlicensedProductDisclaimerAccepted?: boolean; cartToken?: string }) =>
    apiRequest<User>('/shop-api/me', { method: 'PUT', body: changes }),
  );
}
