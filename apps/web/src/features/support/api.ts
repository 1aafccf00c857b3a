import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { photoUploadPath, SUPPORT_PHOTO_CATEGORY, type NewSupportThread, type SideEffectReport, type SideEffectReportReply, type SupportThread, type SupportThreadList } from '@elmwood/domain';
import { ApiError, apiGet, apiRequest, mayRefreshAfter, refreshSession } from '../../lib/api';

export const supportKeys = { threads: ['support', 'threads'] as const };

export function useSupportThreads() {
  return useQuery({ queryKey: supportKeys.threads, queryFn: ({ signal }) => apiGet<SupportThreadList>('/shop-api/support/threads', undefined, signal) });
}

/** POST /shop-api/support/threads; the key is one per message, so a retried send never opens a second conversation. */
export function useSendSupportMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ message, key }: { message: NewSupportThread; key: string }) =>
      apiRequest<SupportThread>('/shop-api/support/threads', { method: 'POST', body: message, headers: { 'Idempotency-Key': key } }),
    onSuccess: () => client.invalidateQueries({ queryKey: supportKeys.threads }),
  });
}

/** POST /shop-api/support/side-effects: a side effect reported; one per key, so a retry never reports it twice. */
export function useReportSideEffect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ report, key }: { report: SideEffectReport; key: string }) =>
      apiRequest<SideEffectReportReply>('/shop-api/support/side-effects', { method: 'POST', body: report, headers: { 'Idempotency-Key': key } }),
    onSuccess: () => client.invalidateQueries({ queryKey: supportKeys.threads }),
  });
}

/** POST /shop-api/support/threads/{id}/messages: the patient writes again in one conversation. */
export function useReplyToSupport(threadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ message, key }: { message: string; key: string }) =>
      apiRequest<SupportThread>(`/shop-api/support/threads/${encodeURIComponent(threadId)}/messages`, { method: 'POST', body: { message }, headers: { 'Idempotency-Key': key } }),
    onSuccess: () => client.invalidateQueries({ queryKey: supportKeys.threads }),
  });
}

const PHOTO_FAILED = 'Your photo did not upload. Please check your connection and try again.';

/** A photo for a message: through the same upload as every patient photo (checked, re-encoded, encrypted). Answers its id. */
export async function uploadSupportPhoto(file: File): Promise<string> {
  const form = new FormData();
  form.append('name', 'Photo for the care team');
  form.append('attachments', file, file.name || 'photo.jpg');
  const send = () => fetch(photoUploadPath(SUPPORT_PHOTO_CATEGORY), { method: 'POST', body: form, credentials: 'include', headers: { Accept: 'application/json' } });
  let response = await send().catch(() => null);
  if (response && mayRefreshAfter(photoUploadPath(SUPPORT_PHOTO_CATEGORY), response.status) && (await refreshSession())) response = await send().catch(() => null);
  if (!response) throw new ApiError(0, 'NETWORK_ERROR', PHOTO_FAILED);
  const payload = (await response.json().catch(() => undefined)) as { uploads?: { id: string }[]; code?: string; message?: string } | undefined;
  if (!response.ok) throw new ApiError(response.status, payload?.code ?? 'HTTP_ERROR', payload?.message ?? PHOTO_FAILED);
  return payload!.uploads![0]!.id;
}
