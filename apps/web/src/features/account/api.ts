import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountHome, CancellationReason, CardVerification, ChangePassword, DataExportView, DeletionRequestView, KeptRecordsView, OrderHistoryPage, OrderPage, OrderThread, PaymentConfig, PlanManagement, SavedPaymentToken, SubscriptionView } from '@elmwood/domain';
import { apiGet, apiRequest } from '../../lib/api';
import { taskKeys } from '../tasks';

export const accountKeys = {
  home: ['account', 'home'] as const,
  subscription: (id: string) => ['account', 'subscription', id] as const,
  plan: (id: string) => ['account', 'plan', id] as const,
  orders: (page: number) => ['account', 'orders', page] as const,
  order: (number: string) => ['account', 'order', number] as const,
  orderMessages: (number: string) => ['account', 'order', number, 'messages'] as const,
  paymentTokens: ['account', 'payment-tokens'] as const,
  paymentConfig: ['payment', 'config'] as const,
  deletionRequest: ['account', 'deletion-request'] as const,
  dataExport: ['account', 'data-export'] as const,
  keptRecords: ['kept-records'] as const,
};

/** PUT /shop-api/me/password: the other sign-ins end; this one carries on. */
export function useChangePassword() {
  return useMutation({ mutationFn: (change: ChangePassword) => apiRequest<null>('/shop-api/me/password', { method: 'PUT', body: change }) });
}

export function useDeletionRequest() {
  return useQuery({
    queryKey: accountKeys.deletionRequest,
    queryFn: ({ signal }) => apiGet<DeletionRequestView>('/shop-api/me/deletion-request', undefined, signal),
  });
}

/** GET /shop-api/kept-records: what a deleted account leaves behind, why, and for how long the shop is configured to keep it. */
export function useKeptRecords() {
  return useQuery({
    queryKey: accountKeys.keptRecords,
    queryFn: ({ signal }) => apiGet<KeptRecordsView>('/shop-api/kept-records', undefined, signal),
    staleTime: Infinity,
  });
}

/** POST /shop-api/me/deletion-request: asking twice answers the same request. */
export function useRequestDeletion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<DeletionRequestView>('/shop-api/me/deletion-request', { method: 'POST' }),
    onSuccess: (view) => client.setQueryData(accountKeys.deletionRequest, view),
  });
}

/** GET /shop-api/me/data-export: the latest copy asked for; looked at again every few seconds while it is prepared. */
export function useDataExport() {
  return useQuery({
    queryKey: accountKeys.dataExport,
    queryFn: ({ signal }) => apiGet<DataExportView>('/shop-api/me/data-export', undefined, signal),
    refetchInterval: (query) => (query.state.data?.state === 'preparing' ? 4000 : false),
  });
}

/** POST /shop-api/me/data-export: one Idempotency-Key per press of the button, so a retried request is made once. */
export function useRequestDataExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => apiRequest<DataExportView>('/shop-api/me/data-export', { method: 'POST', headers: { 'Idempotency-Key': key } }),
    onSuccess: (view) => client.setQueryData(accountKeys.dataExport, view),
  });
}

export function useAccountHome() {
  return useQuery({ queryKey: accountKeys.home, queryFn: ({ signal }) => apiGet<AccountHome>('/shop-api/account/home', undefined, signal) });
}

export function useSubscription(id: string) {
  return useQuery({
    queryKey: accountKeys.subscription(id),
    queryFn: ({ signal }) => apiGet<SubscriptionView>(`/shop-api/subscriptions/${encodeURIComponent(id)}`, undefined, signal),
  });
}

/** PUT /shop-api/subscriptions/{id}/next-delivery; a date outside the limits answers 422 with the reason. */
export function useChangeNextDelivery(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => apiRequest<SubscriptionView>(`/shop-api/subscriptions/${encodeURIComponent(id)}/next-delivery`, { method: 'PUT', body: { date } }),
    onSuccess: (subscription) => {
      client.setQueryData(accountKeys.subscription(id), subscription);
      void client.invalidateQueries({ queryKey: accountKeys.home });
    },
  });
}

/** GET /shop-api/subscriptions/{id}/plan: dates, next charge, cut-off, renewals and what may change. */
export function usePlanManagement(id: string) {
  return useQuery({
    queryKey: accountKeys.plan(id),
    queryFn: ({ signal }) => apiGet<PlanManagement>(`/shop-api/subscriptions/${encodeURIComponent(id)}/plan`, undefined, signal),
  });
}

export type PlanAction =
  | { kind: 'pause'; periods: 1 | 2 }
  | { kind: 'resume' }
  | { kind: 'skip' }
  | { kind: 'dose'; variantCode: string; counsellingAcknowledged?: boolean }
  | { kind: 'cancel'; reason: CancellationReason }
  /** 'Speak to a clinician first' instead of cancelling for side effects. */
  | { kind: 'clinician-call' };

/** Pause, resume, skip, change dose or cancel: the reply is the plan as it now stands and what to tell the patient. */
export function usePlanAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: PlanAction) => {
      const { kind, ...body } = action;
      return apiRequest<{ plan: PlanManagement; message: string }>(`/shop-api/subscriptions/${encodeURIComponent(id)}/${kind}`, { method: 'POST', body });
    },
    onSuccess: ({ plan }) => {
      client.setQueryData(accountKeys.plan(id), plan);
      void client.invalidateQueries({ queryKey: accountKeys.subscription(id) });
      void client.invalidateQueries({ queryKey: accountKeys.home });
    },
  });
}

export function useOrderHistory(page: number) {
  return useQuery({
    queryKey: accountKeys.orders(page),
    queryFn: ({ signal }) => apiGet<OrderHistoryPage>('/shop-api/orders', { page }, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /shop-api/orders/{number}/details: the order page (another patient's order is not found). */
export function useOrderPage(number: string) {
  return useQuery({
    queryKey: accountKeys.order(number),
    queryFn: ({ signal }) => apiGet<OrderPage>(`/shop-api/orders/${encodeURIComponent(number)}/details`, undefined, signal),
  });
}

/** GET /shop-api/orders/{number}/messages: the conversation with the prescriber on the order. */
export function useOrderThread(number: string) {
  return useQuery({
    queryKey: accountKeys.orderMessages(number),
    queryFn: ({ signal }) => apiGet<OrderThread>(`/shop-api/orders/${encodeURIComponent(number)}/messages`, undefined, signal),
  });
}

/**
 * POST /shop-api/orders/{number}/messages: one per key, so a retried send is kept once. While the prescriber's
 * question is open the message answers it, which moves the order and completes a task: those are read again.
 */
export function useWriteOnOrder(number: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ message, key }: { message: string; key: string }) =>
      apiRequest<OrderThread>(`/shop-api/orders/${encodeURIComponent(number)}/messages`, { method: 'POST', body: { message }, headers: { 'Idempotency-Key': key } }),
    onSuccess: (thread) => {
      client.setQueryData(accountKeys.orderMessages(number), thread);
      void client.invalidateQueries({ queryKey: accountKeys.order(number), exact: true });
      void client.invalidateQueries({ queryKey: taskKeys.all });
    },
  });
}

export function usePaymentTokens() {
  return useQuery({ queryKey: accountKeys.paymentTokens, queryFn: ({ signal }) => apiGet<SavedPaymentToken[]>('/shop-api/me/payment-tokens', undefined, signal) });
}

export function usePaymentConfig() {
  return useQuery({ queryKey: accountKeys.paymentConfig, queryFn: ({ signal }) => apiGet<PaymentConfig>('/shop-api/payment/config', undefined, signal), staleTime: 10 * 60_000 });
}

/**
 * POST /shop-api/me/payment-tokens {token}: the card just tokenised becomes the default for every plan; or, when
 * the bank asks for 3-D Secure first, the challenge to show and the verification to confirm it with.
 */
export function useAddPaymentToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest<SavedPaymentToken | CardVerification>('/shop-api/me/payment-tokens', { method: 'POST', body: { token } }),
    onSuccess: (reply) => {
      if (!isCardVerification(reply)) void client.invalidateQueries({ queryKey: accountKeys.paymentTokens });
    },
  });
}

/** POST /shop-api/me/payment-tokens/confirm: saves the card once the bank's check is done (409 while it is not). */
export function useConfirmPaymentToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (verification: string) => apiRequest<SavedPaymentToken>('/shop-api/me/payment-tokens/confirm', { method: 'POST', body: { verification } }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.paymentTokens }),
  });
}

export function isCardVerification(reply: SavedPaymentToken | CardVerification): reply is CardVerification {
  return 'status' in reply && reply.status === 'action_required';
}
