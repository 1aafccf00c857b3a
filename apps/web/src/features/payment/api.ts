import { useQuery } from '@tanstack/react-query';
import type { CheckoutResult, CompleteCheckout, PaymentConfig, SavedPaymentToken } from '@elmwood/domain';
import { apiGet, apiRequest } from '../../lib/api';

export const paymentKeys = {
  config: ['payment', 'config'] as const,
  savedTokens: ['payment', 'saved-tokens'] as const,
};

export function usePaymentConfig() {
  return useQuery({
    queryKey: paymentKeys.config,
    queryFn: ({ signal }) => apiGet<PaymentConfig>('/shop-api/payment/config', undefined, signal),
    staleTime: Infinity,
  });
}

export function useSavedPaymentTokens() {
  return useQuery({
    queryKey: paymentKeys.savedTokens,
    queryFn: ({ signal }) => apiGet<SavedPaymentToken[]>('/shop-api/me/payment-tokens', undefined, signal),
  });
}

export function completeCheckout(cartToken: string, body: CompleteCheckout, idempotencyKey: string): Promise<CheckoutResult> {
  return apiRequest<CheckoutResult>(`/shop-api/checkout/${encodeURIComponent(cartToken)}/complete`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function confirmPayment(orderNumber: string): Promise<CheckoutResult> {
  return apiRequest<CheckoutResult>(`/shop-api/orders/${encodeURIComponent(orderNumber)}/payment/confirm`, { method: 'POST' });
}

export function validateApplePaySession(merchantIdentifier: string, appleUrl: string): Promise<unknown> {
  return apiRequest<unknown>('/shop-api/applepay/validate-session', {
    method: 'POST',
    query: { applePayMerchantIdentifier: merchantIdentifier },
    body: { appleUrl, domainName: window.location.hostname },
  });
}
