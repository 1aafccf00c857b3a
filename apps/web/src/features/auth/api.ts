import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@elmwood/domain';
import { apiGet, apiRequest, isApiError } from '../../lib/api';
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

/** What every sign-up and every new code is answered: a code emailed (or, for an email with an account, its owner told). */
export interface CodeSent {
  code: 'CONFIRM_EMAIL';
  message: string;
}

/**
 * The sign-up form: the API answers every valid one alike (202), whether or not the email has an account, and emails
 * a code; the account opens when the code is entered (useConfirmSignup).
 */
export function useSignup() {
  return useMutation({ mutationFn: (payload: Record<string, unknown>) => apiRequest<CodeSent>('/shop-api/register', { method: 'POST', body: payload }) });
}

/** The emailed code opens the account of this browser's sign-up, and signs in. */
export function useConfirmSignup() {
  return useSignedIn((input: { email: string; code: string }) => apiRequest<User>('/shop-api/register/confirm', { method: 'POST', body: input }));
}

export function useResendSignupCode() {
  return useMutation({ mutationFn: (email: string) => apiRequest<CodeSent>('/shop-api/register/resend', { method: 'POST', body: { email } }) });
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
