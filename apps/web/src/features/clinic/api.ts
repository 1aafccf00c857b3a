import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  auditLogPageSchema,
  clinicVideoConsultationSchema,
  clinicVideoConsultationsSchema,
  patientVerificationSchema,
  clinicDeletionRequestSchema,
  decisionReplySchema,
  deletionQueueSchema,
  stuckMessageReplySchema,
  failedWorkSchema,
  failedWorkRetriedSchema,
  stuckMessagesSchema,
  type StuckMessageAction,
  dispatchQueueSchema,
  clinicOrderSchema,
  packingSlipSchema,
  reviewQueueSchema,
  urgentItemSchema,
  urgentQueueSchema,
  type UrgentActionBody,
  staffLoginReplySchema,
  staffMemberSchema,
  staffSessionReplySchema,
  clinicSupportThreadSchema,
  supportInboxSchema,
  clinicOrderThreadSchema,
  gpLetterSummarySchema,
  gpLetterViewSchema,
  unansweredOrderMessagesSchema,
  staffDataExportSchema,
  staffDataExportsSchema,
  type Carrier,
  type RejectionReasonCode,
} from '@elmwood/domain';
import { z } from 'zod';
import { apiRequest, buildUrl, isApiError, type RequestOptions } from '../../lib/api';

const BASE = '/shop-api/clinic';

/** A clinic call whose reply is checked against the domain's schema, so the console never shows a half-read record. */
async function clinicCall<T>(path: string, schema: z.ZodType<T>, options: RequestOptions = {}): Promise<T> {
  return schema.parse(await apiRequest<unknown>(`${BASE}${path}`, options));
}

const orderPath = (number: string) => `/orders/${encodeURIComponent(number)}`;

export const clinicKeys = {
  all: ['clinic'] as const,
  me: ['clinic', 'me'] as const,
  reviews: (tab: ReviewTab) => ['clinic', 'reviews', tab] as const,
  urgent: ['clinic', 'urgent'] as const,
  urgentItem: (id: string) => ['clinic', 'urgent', id] as const,
  order: (number: string) => ['clinic', 'orders', number] as const,
  dispatch: ['clinic', 'dispatch'] as const,
  packingSlip: (number: string) => ['clinic', 'orders', number, 'packing-slip'] as const,
  supportInbox: ['clinic', 'support'] as const,
  supportThread: (id: string) => ['clinic', 'support', id] as const,
  deletions: ['clinic', 'deletion-requests'] as const,
  dataExports: (patientId: string) => ['clinic', 'patients', patientId, 'data-exports'] as const,
  deletion: (id: string) => ['clinic', 'deletion-requests', id] as const,
  stuckMessages: ['clinic', 'messages'] as const,
  failedWork: ['clinic', 'failed-work'] as const,
  audit: (filters: AuditFilters) => ['clinic', 'audit', filters] as const,
  orderMessages: (number: string) => ['clinic', 'orders', number, 'messages'] as const,
  unansweredMessages: ['clinic', 'order-messages'] as const,
  unansweredCount: ['clinic', 'order-messages', 'count'] as const,
  lettersToPost: ['clinic', 'gp-letters'] as const,
  letter: (id: string) => ['clinic', 'gp-letters', id] as const,
};

export type ReviewTab = 'ready' | 'waiting';

/** The audit page's filters as the address bar holds them (empty ones left out), and its page number. */
export type AuditFilters = Partial<Record<'orderNumber' | 'patient' | 'staffId' | 'from' | 'to' | 'page', string>>;

/** The CSV export of the rows the same filters show (every page). */
export function auditCsvUrl(filters: AuditFilters): string {
  const { page: _page, ...rest } = filters;
  return buildUrl(`${BASE}/audit.csv`, rest);
}

/** The signed-in staff member, or null without a staff session (a 401 is an answer here, not a failure). */
export function useStaffMe() {
  return useQuery({
    queryKey: clinicKeys.me,
    queryFn: async ({ signal }) => {
      try {
        return await clinicCall('/me', staffMemberSchema, { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

export function useStaffLogin() {
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => clinicCall('/login', staffLoginReplySchema, { method: 'POST', body }),
  });
}

export function useStaffTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => clinicCall('/login/totp', staffSessionReplySchema, { method: 'POST', body: { code } }),
    onSuccess: (reply) => client.setQueryData(clinicKeys.me, reply.staff),
  });
}

export function useStaffLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>(`${BASE}/logout`, { method: 'POST' }),
    // Whatever the server said, this tab forgets everything it read about patients.
    onSettled: () => {
      client.removeQueries({ queryKey: clinicKeys.all });
      client.setQueryData(clinicKeys.me, null);
    },
  });
}

/**
 * Wraps a call of a signed-in page: a 401 means the staff session ended (10 hours, or signed out elsewhere), so
 * the member is forgotten and the console's guard sends them to sign in again.
 */
function useSessionAware() {
  const client = useQueryClient();
  return <T>(call: () => Promise<T>) =>
    call().catch((error: unknown) => {
      if (isApiError(error) && error.status === 401) client.setQueryData(clinicKeys.me, null);
      throw error;
    });
}

export function useReviewQueue(tab: ReviewTab) {
  const aware = useSessionAware();
  return useQuery({
    queryKey: clinicKeys.reviews(tab),
    queryFn: ({ signal }) => aware(() => clinicCall('/reviews', reviewQueueSchema, { query: { tab }, signal })),
  });
}

/** The urgent clinical queue: open items, earliest due first. */
export function useUrgentQueue() {
  const aware = useSessionAware();
  return useQuery({ queryKey: clinicKeys.urgent, queryFn: ({ signal }) => aware(() => clinicCall('/urgent', urgentQueueSchema, { signal })) });
}

export function useUrgentItem(id: string) {
  const aware = useSessionAware();
  return useQuery({ queryKey: clinicKeys.urgentItem(id), queryFn: ({ signal }) => aware(() => clinicCall(`/urgent/${encodeURIComponent(id)}`, urgentItemSchema, { signal })) });
}

export type UrgentStep = { kind: 'own' } | { kind: 'actions'; body: UrgentActionBody } | { kind: 'close'; note: string };

/** Owning, recording an action on, or closing an urgent item; the item's new state comes back and is shown. */
export function useUrgentStep(id: string) {
  const client = useQueryClient();
  const aware = useSessionAware();
  return useMutation({
    mutationFn: (step: UrgentStep) =>
      aware(() =>
        clinicCall(`/urgent/${encodeURIComponent(id)}/${step.kind}`, urgentItemSchema, {
          method: 'POST',
          body: step.kind === 'actions' ? step.body : step.kind === 'close' ? { note: step.note } : {},
        }),
      ),
    onSuccess: (item) => {
      client.setQueryData(clinicKeys.urgentItem(id), item);
      return client.invalidateQueries({ queryKey: clinicKeys.urgent, exact: true });
    },
  });
}

/** The order as the member's role may see it: the clinical review, or support's view without the clinical record. */
export function useOrderReview(number: string) {
  const aware = useSessionAware();
  return useQuery({
    queryKey: clinicKeys.order(number),
    queryFn: ({ signal }) => aware(() => clinicCall(orderPath(number), clinicOrderSchema, { signal })),
  });
}

export type Decision =
  /** At another dose than the one asked for (`variantCode`), with the reason told to the patient; without GP consent, why. */
  | { kind: 'approve'; variantCode?: string; rationale?: string; noGpConsentReason?: string }
  | { kind: 'release' }
  | { kind: 'reject'; reasonCode: RejectionReasonCode; note: string }
  | { kind: 'request-information'; question: string; photoRequested: boolean }
  | { kind: 'cancel'; reason: string };

export function useDecision(number: string) {
  const client = useQueryClient();
  const aware = useSessionAware();
  return useMutation({
    mutationFn: (decision: Decision) => {
      const { kind, ...body } = decision;
      return aware(() => clinicCall(`${orderPath(number)}/${kind}`, decisionReplySchema, { method: 'POST', body }));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: clinicKeys.all, refetchType: 'active' }),
  });
}

export function useDispatchQueue() {
  const aware = useSessionAware();
  return useQuery({
    queryKey: clinicKeys.dispatch,
    queryFn: ({ signal }) => aware(() => clinicCall('/dispatch', dispatchQueueSchema, { signal })),
  });
}

export function usePackingSlip(number: string) {
  const aware = useSessionAware();
  return useQuery({
    queryKey: clinicKeys.packingSlip(number),
    queryFn: ({ signal }) => aware(() => clinicCall(`${orderPath(number)}/packing-slip`, packingSlipSchema, { signal })),
  });
}

export function useDispatchOrder(number: string) {
  const client = useQueryClient();
  const aware = useSessionAware();
  return useMutation({
    mutationFn: (body: { carrier: Carrier; trackingNumber: string }) =>
      aware(() => clinicCall(`${orderPath(number)}/dispatch`, decisionReplySchema, { method: 'POST', body })),
    onSuccess: () => client.invalidateQueries({ queryKey: clinicKeys.all, refetchType: 'active' }),
  });
}

export const photoUrl = (id: string) => `${BASE}/uploads/${encodeURIComponent(id)}`;

export function useSupportInbox() {
  const aware = useSessionAware();
  return useQuery({ queryKey: clinicKeys.supportInbox, queryFn: ({ signal }) => aware(() => clinicCall('/support', supportInboxSchema, { signal })) });
}

export function useSupportThread(id: string) {
  const aware = useSessionAware();
  return useQuery({
    queryKey: clinicKeys.supportThread(id),
    queryFn: ({ signal }) => aware(() => clinicCall(`/support/${encodeURIComponent(id)}`, clinicSupportThreadSchema, { signal })),
  });
}

/** A reply the patient reads in their account; the key is one per reply, so a retry never sends it twice. */
export function useSupportReply(id: string) {
  const client = useQueryClient();
  const aware = useSessionAware();
  return useMutation({
    mutationFn: ({ message, key }: { message: string; key: string }) =>
      aware(() => clinicCall(`/support/${encodeURIComponent(id)}/replies`, clinicSupportThreadSchema, { method: 'POST', body: { message }, headers: { 'Idempotency-Key': key } })),
    onSuccess: (thread) => {
      client.setQueryData(clinicKeys.supportThread(id), thread);
      void client.invalidateQueries({ queryKey: clinicKeys.supportInbox, exact: true });
    },
  });
}

export function useDeletionQueue() {
  const aware = useSessionAware();
  return useQuery({ queryKey: clinicKeys.deletions, queryFn: ({ signal }) => aware(() => clinicCall('/deletion-requests', deletionQueueSchema, { signal })) });
}

export function useDeletionRequest(id: string) {
  const aware = useSessionAware();
  return useQuery({
    queryKey: clinicKeys.deletion(id),
    queryFn: ({ signal }) => aware(() => clinicCall(`/deletion-requests/${encodeURIComponent(id)}`, clinicDeletionRequestSchema, { signal })),
  });
}

/** Confirms a deletion; the API does it once however often it is asked, so a retry is safe. */
export function useConfirmDeletion(id: string) {
  const client = useQueryClient();
  const aware = useSessionAware();
  return useMutation({
    mutationFn: () => aware(() => clinicCall(`/deletion-requests/${encodeURIComponent(id)}/confirm`, clinicDeletionRequestSchema, { method: 'POST' })),
    onSuccess: (request) => {
      client.setQueryData(clinicKeys.deletion(id), request);
      void client.invalidateQueries({ queryKey: clinicKeys.deletions, exact: true });
    },
  });
}

export function useStuckMessages() {
  const aware = useSessionAware();
  return useQuery({ queryKey: clinicKeys.stuckMessages, queryFn: ({ signal }) => aware(() => clinicCall('/messages', stuckMessagesSchema, { signal })) });
}

/** Sends a stuck message again or marks it sent; the API acts once however often it is asked, so a retry is safe. */
export function useSettleStuckMessage() {
  const client = useQueryClient();
  const aware = useSessionAware();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: StuckMessageAction }) => aware(() => clinicCall(`/messages/${id}/${action}`, stuckMessageReplySchema, { method: 'POST' })),
    onSettled: () => void client.invalidateQueries({ queryKey: clinicKeys.stuckMessages, exact: true }),
  });
}

export function useFailedWork() {
  const aware = useSessionAware();
  return useQuery({ queryKey: clinicKeys.failedWork, queryFn: ({ signal }) => aware(() => clinicCall('/failed-work', failedWorkSchema, { signal })) });
}

/** Queues failed work again; the API acts once however often it is asked, so a retry is safe. */
export function useRetryFailedWork() {
  const client = useQueryClient();
  const aware = useSessionAware();
  return useMutation({
    mutationFn: (id: string) => aware(() => clinicCall(`/failed-work/${id}/retry`, failedWorkRetriedSchema, { method: 'POST' })),
    onSettled: () => void client.invalidateQueries({ queryKey: clinicKeys.failedWork, exact: true }),
  });
}

/** (admin) One page of the audit log; the page before stays on screen while the next loads. */
export function useAuditLog(filters: AuditFilters) {
  const aware = useSessionAware();
  return useQuery({
    queryKey: clinicKeys.audit(filters),
    queryFn: ({ signal }) => aware(() => clinicCall('/audit', auditLogPageSchema, { query: filters, signal })),
    placeholderData: (previous) => previous,
    retry: (count, error) => !(isApiError(error) && error.status === 403) && count < 2,
  });
}

/** A verification by another method than video, recorded from the order's review (prescribers). */
export function useRecordVerification(number: string) {
  const client = useQueryClient();
  const aware = useSessionAware();
  return useMutation({
    mutationFn: (body: RecordVerificationInput) => aware(() => clinicCall(`${orderPath(number)}/verifications`, patientVerificationSchema, { method: 'POST', body })),
    onSuccess: () => client.invalidateQueries({ queryKey: clinicKeys.order(number) }),
  });
}
export type RecordVerificationInput = { method: 'in_person' | 'clinical_record' | 'gp_confirmation'; weightKg: number; heightCm: number; identityChecked: boolean; evidence: string };

const videoKeys = {
  list: (all: boolean) => ['clinic', 'video-consultations', all] as const,
  one: (id: string) => ['clinic', 'video-consultations', 'one', id] as const,
};

/** Video consultations still ahead or under way (a prescriber's own unless `all`), read again each minute. */
export function useClinicVideoConsultations(all: boolean) {
  const aware = useSessionAware();
  return useQuery({
    queryKey: videoKeys.list(all),
    queryFn: ({ signal }) => aware(() => clinicCall(`/video-consultations${all ? '?all=true' : ''}`, clinicVideoConsultationsSchema, { signal })),
    refetchInterval: 60_000,
  });
}

export function useClinicVideoConsultation(id: string) {
  const aware = useSessionAware();
  return useQuery({
    queryKey: videoKeys.one(id),
    queryFn: ({ signal }) => aware(() => clinicCall(`/video-consultations/${encodeURIComponent(id)}`, clinicVideoConsultationSchema, { signal })),
    refetchInterval: 60_000,
  });
}

/** What the prescriber observed during the call: weight, height, identity (method 'video'). */
export function useRecordVideoVerification(id: string) {
  const client = useQueryClient();
  const aware = useSessionAware();
  return useMutation({
    mutationFn: (body: { weightKg: number; heightCm: number; identityChecked: boolean; evidence: string }) =>
      aware(() => clinicCall(`/video-consultations/${encodeURIComponent(id)}/verification`, patientVerificationSchema, { method: 'POST', body })),
    // The order's review (verified beside declared) and the lists change with it.
    onSuccess: () => client.invalidateQueries({ queryKey: clinicKeys.all }),
  });
}

export function useEndVideoConsultation(id: string) {
  const client = useQueryClient();
  const aware = useSessionAware();
  return useMutation({
    mutationFn: () => aware(() => clinicCall(`/video-consultations/${encodeURIComponent(id)}/end`, clinicVideoConsultationSchema, { method: 'POST' })),
    onSuccess: (ended) => {
      client.setQueryData(videoKeys.one(id), ended);
      return client.invalidateQueries({ queryKey: clinicKeys.all, refetchType: 'none' });
    },
  });
}
/** The conversation between the patient and the prescriber on an order (the read is audited). */
export function useOrderMessages(number: string) {
  const aware = useSessionAware();
  return useQuery({
    queryKey: clinicKeys.orderMessages(number),
    queryFn: ({ signal }) => aware(() => clinicCall(`${orderPath(number)}/messages`, clinicOrderThreadSchema, { signal })),
  });
}

/** A prescriber writes to the patient on the order; one message per key, so a retry never sends it twice. */
export function useWriteToPatient(number: string) {
  const client = useQueryClient();
  const aware = useSessionAware();
  return useMutation({
    mutationFn: ({ message, key }: { message: string; key: string }) =>
      aware(() => clinicCall(`${orderPath(number)}/messages`, clinicOrderThreadSchema, { method: 'POST', body: { message }, headers: { 'Idempotency-Key': key } })),
    onSuccess: (thread) => {
      client.setQueryData(clinicKeys.orderMessages(number), thread);
      void client.invalidateQueries({ queryKey: clinicKeys.unansweredMessages });
    },
  });
}

/** Orders whose patient waits for a reply, the longest wait first (the read is audited). */
export function useUnansweredMessages() {
  const aware = useSessionAware();
  return useQuery({ queryKey: clinicKeys.unansweredMessages, queryFn: ({ signal }) => aware(() => clinicCall('/order-messages/unanswered', unansweredOrderMessagesSchema, { signal })) });
}

const countSchema = z.object({ count: z.number().int() });

/** How many orders wait for a reply, for the navigation: looked at again every minute while the console is open. */
export function useUnansweredCount(enabled: boolean) {
  const aware = useSessionAware();
  return useQuery({
    queryKey: clinicKeys.unansweredCount,
    queryFn: ({ signal }) => aware(() => clinicCall('/order-messages/unanswered/count', countSchema, { signal })),
    enabled,
    refetchInterval: 60_000,
  });
}

/** Letters to GPs whose practice has no known email: to print and post, oldest first. */
export function useLettersToPost() {
  const aware = useSessionAware();
  return useQuery({ queryKey: clinicKeys.lettersToPost, queryFn: ({ signal }) => aware(() => clinicCall('/gp-letters/to-post', z.array(gpLetterSummarySchema), { signal })) });
}

/** One letter's words, for the print view (the read is audited). */
export function useGpLetter(id: string) {
  const aware = useSessionAware();
  return useQuery({ queryKey: clinicKeys.letter(id), queryFn: ({ signal }) => aware(() => clinicCall(`/gp-letters/${encodeURIComponent(id)}`, gpLetterViewSchema, { signal })) });
}

/** Marks a printed letter as posted; the API does it once however often it is asked. */
export function useMarkLetterPosted(id: string) {
  const client = useQueryClient();
  const aware = useSessionAware();
  return useMutation({
    mutationFn: () => aware(() => clinicCall(`/gp-letters/${encodeURIComponent(id)}/posted`, gpLetterSummarySchema, { method: 'POST' })),
    onSuccess: (letter) => {
      client.setQueryData(clinicKeys.letter(id), (view: z.infer<typeof gpLetterViewSchema> | undefined) => (view ? { ...view, letter } : view));
      void client.invalidateQueries({ queryKey: clinicKeys.lettersToPost, exact: true });
    },
  });
}

export const letterPdfUrl = (id: string) => `${BASE}/gp-letters/${encodeURIComponent(id)}/pdf`;

const dataExportsPath = (patientId: string) => `/patients/${encodeURIComponent(patientId)}/data-exports`;

/** The archives prepared for a patient's subject access request that can still be downloaded (admins). */
export function usePatientDataExports(patientId: string) {
  const aware = useSessionAware();
  return useQuery({
    queryKey: clinicKeys.dataExports(patientId),
    queryFn: ({ signal }) => aware(() => clinicCall(dataExportsPath(patientId), staffDataExportsSchema, { signal })),
  });
}

/** Prepares the patient's archive now (audited); a second press prepares another, so the button waits while one is made. */
export function usePrepareDataExport(patientId: string) {
  const client = useQueryClient();
  const aware = useSessionAware();
  return useMutation({
    mutationFn: () => aware(() => clinicCall(dataExportsPath(patientId), staffDataExportSchema, { method: 'POST' })),
    onSuccess: () => void client.invalidateQueries({ queryKey: clinicKeys.dataExports(patientId), exact: true }),
  });
}

/** The archive's download address (each download is audited by the API). */
export const dataExportUrl = (patientId: string, exportId: string) => `${BASE}${dataExportsPath(patientId)}/${encodeURIComponent(exportId)}`;
