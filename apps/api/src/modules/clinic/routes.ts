import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  approveBodySchema,
  type ApproveBody,
  auditLogFilterSchema,
  auditLogPageSchema,
  auditLogQuerySchema,
  clinicDeletionRequestSchema,
  deletionQueueSchema,
  STUCK_MESSAGE_ACTIONS,
  stuckMessageReplySchema,
  failedWorkSchema,
  failedWorkRetriedSchema,
  type FailedWork,
  stuckMessagesSchema,
  clinicText,
  decisionReplySchema,
  dispatchBodySchema,
  dispatchQueueSchema,
  clinicOrderSchema,
  packingSlipSchema,
  refundBodySchema,
  refundReplySchema,
  rejectBodySchema,
  staffCancelOrderBodySchema,
  requestInformationBodySchema,
  reviewQueueSchema,
  staffLoginBodySchema,
  staffLoginReplySchema,
  staffMemberSchema,
  staffSessionReplySchema,
  staffTotpBodySchema,
  clinicSupportThreadSchema,
  supportInboxSchema,
  supportReplySchema,
  type Carrier,
  type DecisionReply,
  type RefundReply,
  type RejectionReasonCode,
  type StaffRole,
} from '@elmwood/domain';
import type { Db } from '../../db/client';
import { ALL_STAFF as ALL, CLINICAL_STAFF as CLINICAL, staffMember as member } from '../../lib/staff-guard';
import { conversationParams, messageIdempotencyHeaders } from '../../lib/route-schemas';
import { audit, auditCsv, auditPage, auditRange, type AuditFilter } from './audit';
import type { PlanService } from '../subscriptions/index';
import type { ClinicService } from './service';
import type { DeletionService } from './deletions';
import type { StuckMessagesService } from '../notifications/index';
import { toStaffMember, type StaffAuth, type StaffRow } from './staff-auth';

const PRESCRIBER: readonly StaffRole[] = ['prescriber'];
const DISPATCHERS: readonly StaffRole[] = ['pharmacist', 'admin'];
const PHARMACIST: readonly StaffRole[] = ['pharmacist'];
const REFUNDERS: readonly StaffRole[] = ['admin', 'support'];
const ADMIN: readonly StaffRole[] = ['admin'];
const SUPPORT: readonly StaffRole[] = ['support', 'admin'];

const orderParams = z.object({ number: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'is not an order number').describe('The order number, e.g. EH-7KQ4-M2XP') });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };
const NO_STORE = 'private, no-store';

/** A clinician's decisions on an order, as the console's routes call them (carried out by workflows/decide-order.ts). */
export interface ClinicDecisions {
  approve(member: StaffRow, number: string, event?: 'approved' | 'released', body?: ApproveBody): Promise<DecisionReply>;
  reject(member: StaffRow, number: string, reasonCode: RejectionReasonCode, note: string): Promise<DecisionReply>;
  cancel(member: StaffRow, number: string, reason: string): Promise<DecisionReply>;
  requestInformation(member: StaffRow, number: string, question: string, photoRequested: boolean): Promise<DecisionReply>;
  dispatch(member: StaffRow, number: string, carrier: Carrier, trackingNumber: string): Promise<DecisionReply>;
  refund(member: StaffRow, number: string, amount: number, reason: string, key: string): Promise<RefundReply>;
}

interface ClinicDeps {
  db: Db;
  staffAuth: StaffAuth;
  clinic: ClinicService;
  decisions: ClinicDecisions;
  /** Support ends a patient's plan (a multi-month one mid-commitment included). */
  plans?: Pick<PlanService, 'cancelByStaff'>;
  /** Patients' requests to delete their account, confirmed by support. */
  deletions?: DeletionService;
  stuckMessages?: StuckMessagesService;
  /** Background work that failed on every try (the job queue's dead letters), for an admin to send again. */
  failedWork?: {
    list(staffId: number): Promise<FailedWork>;
    retry(staffId: number, id: string): Promise<{ id: string; retried: true }>;
  };
}

const planParams = z.object({ id: z.uuid({ error: 'is not a plan id' }) });
const staffCancelBody = z.object({ reason: clinicText(500).min(1, 'Please give a reason.') });

/**
 * The clinic console's API (issue 12), behind staff sessions only: a patient's session of any kind is not read
 * here at all. Each route names the roles that may call it; the check runs before the request is even parsed, so
 * nobody else learns anything from its validation messages. Every read of a patient's data and every decision is
 * written to the audit log.
 */
export async function clinicRoutes(app: FastifyInstance, { db, staffAuth, clinic, decisions, plans, deletions, stuckMessages, failedWork }: ClinicDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/clinic/login',
    {
      schema: { tags: ['clinic'], summary: 'Staff sign-in, step one: email and password (then POST /clinic/login/totp)', body: staffLoginBodySchema, response: { 200: staffLoginReplySchema, ...errors } },
    },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await staffAuth.login(request, reply, request.body.email, request.body.password)),
  );

  api.post(
    '/clinic/login/totp',
    {
      schema: {
        tags: ['clinic'],
        summary: 'Staff sign-in, step two: a TOTP or recovery code; at first sign-in it confirms the enrolment and answers the recovery codes once',
        body: staffTotpBodySchema,
        response: { 200: staffSessionReplySchema, ...errors },
      },
    },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await staffAuth.secondFactor(request, reply, request.body.code)),
  );

  api.post(
    '/clinic/logout',
    { config: { staffRoles: ALL }, schema: { tags: ['clinic'], summary: "Ends the member's staff sessions", response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await staffAuth.logout(reply, member(request));
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/clinic/me',
    { config: { staffRoles: ALL }, schema: { tags: ['clinic'], summary: 'The signed-in member of staff', response: { 200: staffMemberSchema, ...errors } } },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(toStaffMember(member(request))),
  );

  api.get(
    '/clinic/reviews',
    {
      config: { staffRoles: CLINICAL },
      schema: {
        tags: ['clinic'],
        summary: "Review queue: 'ready' (in review, oldest first, with waiting time) or 'waiting' (on the patient's tasks)",
        querystring: z.object({ tab: z.enum(['ready', 'waiting']).default('ready') }),
        response: { 200: reviewQueueSchema, ...errors },
      },
    },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await clinic.reviewQueue(member(request), request.query.tab)),
  );

  api.get(
    '/clinic/orders/:number',
    {
      config: { staffRoles: ALL },
      schema: {
        tags: ['clinic'],
        summary:
          "An order as the prescriber reviews it (view 'clinical': the consultation as answered when ordering, measurements, photos, GP, tasks, history, previous orders), or for support without the clinical record (view 'support': status, delivery, payment, contact); audited",
        params: orderParams,
        response: { 200: clinicOrderSchema, ...errors },
      },
    },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await clinic.review(member(request), request.params.number)),
  );

  api.post(
    '/clinic/orders/:number/approve',
    {
      config: { staffRoles: PRESCRIBER },
      schema: {
        tags: ['clinic'],
        summary:
          "Approve (prescriber): at the dose asked, the dose last supplied or a lower one (variantCode; a reason, rationale, is required for another dose and is told to the patient); the order's line and total become the approved dose's before the payment is captured (or the renewal charged), once. Without the patient's consent to inform their GP, 422 GP_CONSENT_REASON_NEEDED unless noGpConsentReason says why prescribing is still appropriate",
        params: orderParams,
        body: approveBodySchema,
        response: { 200: decisionReplySchema, ...errors },
      },
    },
    async (request) => decisions.approve(member(request), request.params.number, 'approved', request.body),
  );

  api.post(
    '/clinic/orders/:number/release',
    {
      config: { staffRoles: ['pharmacist'] },
      schema: {
        tags: ['clinic'],
        summary: 'Release (pharmacist) an order of products bought without a consultation only: nothing to prescribe, so no prescriber; captures the payment, once. 409 PRESCRIBER_NEEDED for an order holding a medicine',
        params: orderParams,
        response: { 200: decisionReplySchema, ...errors },
      },
    },
    async (request) => decisions.approve(member(request), request.params.number, 'released'),
  );

  api.post(
    '/clinic/orders/:number/reject',
    {
      config: { staffRoles: PRESCRIBER },
      schema: {
        tags: ['clinic'],
        summary: 'Reject (prescriber) with a listed reason and a note: voids the authorisation and emails the patient the reason',
        params: orderParams,
        body: rejectBodySchema,
        response: { 200: decisionReplySchema, ...errors },
      },
    },
    async (request) => decisions.reject(member(request), request.params.number, request.body.reasonCode, request.body.note),
  );

  api.post(
    '/clinic/orders/:number/request-information',
    {
      config: { staffRoles: PRESCRIBER },
      schema: {
        tags: ['clinic'],
        summary: "Ask the patient a question (prescriber): a critical task for the patient; the order returns to the queue once it is done",
        params: orderParams,
        body: requestInformationBodySchema,
        response: { 200: decisionReplySchema, ...errors },
      },
    },
    async (request) => decisions.requestInformation(member(request), request.params.number, request.body.question, request.body.photoRequested),
  );

  api.post(
    '/clinic/orders/:number/cancel',
    {
      config: { staffRoles: REFUNDERS },
      schema: {
        tags: ['clinic'],
        summary: "Cancel (support, admin) an order awaiting the patient or in review, with the reason (3 to 500 characters): releases the card's authorisation once and emails the patient; audited",
        params: orderParams,
        body: staffCancelOrderBodySchema,
        response: { 200: decisionReplySchema, ...errors },
      },
    },
    async (request) => decisions.cancel(member(request), request.params.number, request.body.reason),
  );

  api.get(
    '/clinic/dispatch',
    { config: { staffRoles: DISPATCHERS }, schema: { tags: ['clinic'], summary: 'Dispatch queue: approved and paid orders, oldest approval first', response: { 200: dispatchQueueSchema, ...errors } } },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await clinic.dispatchQueue(member(request))),
  );

  api.get(
    '/clinic/orders/:number/packing-slip',
    {
      config: { staffRoles: DISPATCHERS },
      schema: { tags: ['clinic'], summary: 'What a printed packing slip shows (audited)', params: orderParams, response: { 200: packingSlipSchema, ...errors } },
    },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await clinic.packingSlip(member(request), request.params.number)),
  );

  api.post(
    '/clinic/orders/:number/dispatch',
    {
      config: { staffRoles: PHARMACIST },
      schema: {
        tags: ['clinic'],
        summary: 'Mark as dispatched (pharmacist) with the carrier and its tracking number (Royal Mail: AB123456789GB; DPD: 14 digits)',
        params: orderParams,
        body: dispatchBodySchema,
        response: { 200: decisionReplySchema, ...errors },
      },
    },
    async (request) => decisions.dispatch(member(request), request.params.number, request.body.carrier, request.body.trackingNumber),
  );

  api.post(
    '/clinic/orders/:number/refund',
    {
      config: { staffRoles: REFUNDERS },
      schema: {
        tags: ['clinic'],
        summary: 'Refund (admin, support) part or all of what was captured, with the reason; one refund per Idempotency-Key; 202 when the provider could not be reached (the refund is kept and sent by a job as soon as it answers)',
        params: orderParams,
        headers: z.object({ 'idempotency-key': z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be a UUID (one per refund)') }),
        body: refundBodySchema,
        response: { 200: refundReplySchema, 202: refundReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const refunded = await decisions.refund(member(request), request.params.number, request.body.amount, request.body.reason, request.headers['idempotency-key']);
      return reply.status(refunded.waitingForProvider ? 202 : 200).send(refunded);
    },
  );

  if (plans) {
    api.post(
      '/clinic/subscriptions/:id/cancel',
      {
        config: { staffRoles: REFUNDERS },
        schema: {
          tags: ['clinic'],
          summary: "Cancel a patient's plan now (support, admin), a multi-month plan mid-commitment included, with the reason; audited",
          params: planParams,
          body: staffCancelBody,
          response: { 200: z.object({ id: z.string(), state: z.string() }), ...errors },
        },
      },
      async (request) => {
        const staff = member(request);
        return plans.cancelByStaff({ type: staff.role as StaffRole, id: staff.id }, request.params.id, request.body.reason, (tx, plan) =>
          audit(tx, { staffId: staff.id, action: 'cancel-plan', patientId: plan.customerId, resource: 'subscription', resourceId: plan.id, details: { reason: request.body.reason } }),
        );
      },
    );
  }

  api.get(
    '/clinic/support',
    {
      config: { staffRoles: SUPPORT },
      schema: { tags: ['clinic'], summary: "Support inbox (support, admin): patients' conversations waiting for a reply, longest wait first (audited)", response: { 200: supportInboxSchema, ...errors } },
    },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await clinic.supportInbox(member(request))),
  );

  api.get(
    '/clinic/support/:id',
    {
      config: { staffRoles: SUPPORT },
      schema: { tags: ['clinic'], summary: "One patient's conversation with the clinic (audited)", params: conversationParams, response: { 200: clinicSupportThreadSchema, ...errors } },
    },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await clinic.supportThread(member(request), request.params.id)),
  );

  api.post(
    '/clinic/support/:id/replies',
    {
      config: { staffRoles: SUPPORT },
      schema: {
        tags: ['clinic'],
        summary: "Reply (support, admin): the patient reads it in their account's support page; one reply per Idempotency-Key",
        params: conversationParams,
        headers: messageIdempotencyHeaders,
        body: supportReplySchema,
        response: { 201: clinicSupportThreadSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).header('cache-control', NO_STORE).send(await clinic.supportReply(member(request), request.params.id, request.body.message, request.headers['idempotency-key'])),
  );

  if (deletions) {
    const deletionParams = z.object({ id: z.uuid({ error: 'is not a deletion request id' }) });
    api.get(
      '/clinic/deletion-requests',
      {
        config: { staffRoles: SUPPORT },
        schema: { tags: ['clinic'], summary: "Patients' open requests to delete their account (support, admin), oldest first, with the days left of the one-month deadline (audited)", response: { 200: deletionQueueSchema, ...errors } },
      },
      async (request, reply) => reply.header('cache-control', NO_STORE).send(await deletions.queue(member(request))),
    );

    api.get(
      '/clinic/deletion-requests/:id',
      {
        config: { staffRoles: SUPPORT },
        schema: { tags: ['clinic'], summary: 'One deletion request: what is removed and kept, open plans, and orders that must be finished first (audited)', params: deletionParams, response: { 200: clinicDeletionRequestSchema, ...errors } },
      },
      async (request, reply) => reply.header('cache-control', NO_STORE).send(await deletions.view(member(request), request.params.id)),
    );

    api.post(
      '/clinic/deletion-requests/:id/confirm',
      {
        config: { staffRoles: SUPPORT },
        schema: {
          tags: ['clinic'],
          summary: 'Confirm a deletion (support, admin): cancels open plans, deletes the sign-in and personal data, keeps the clinical record, emails the patient; once. 409 ORDERS_IN_PROGRESS while an order is open',
          params: deletionParams,
          response: { 200: clinicDeletionRequestSchema, ...errors },
        },
      },
      async (request, reply) => reply.header('cache-control', NO_STORE).send(await deletions.confirm(member(request), request.params.id)),
    );
  }

  if (stuckMessages) {
    const messageParams = z.object({ id: z.coerce.number({ error: 'is not a message id' }).int().min(1).max(2_147_483_647) });
    api.get(
      '/clinic/messages',
      {
        config: { staffRoles: ADMIN },
        schema: { tags: ['clinic'], summary: "Messages a crashed send left in 'sending' for more than 15 minutes (admin), longest stuck first, addresses masked, never the content (audited)", response: { 200: stuckMessagesSchema, ...errors } },
      },
      async (request, reply) => reply.header('cache-control', NO_STORE).send(await stuckMessages.list(member(request).id)),
    );
    for (const action of STUCK_MESSAGE_ACTIONS) {
      api.post(
        `/clinic/messages/:id/${action}`,
        {
          config: { staffRoles: ADMIN },
          schema: {
            tags: ['clinic'],
            summary:
              action === 'send-again'
                ? 'Send a stuck message again (admin): back to queued, the patient may get it twice; once however often clicked, audited'
                : 'Mark a stuck message as sent (admin); once however often clicked, audited',
            params: messageParams,
            response: { 200: stuckMessageReplySchema, ...errors },
          },
        },
        async (request, reply) => reply.header('cache-control', NO_STORE).send(await stuckMessages.act(member(request).id, request.params.id, action)),
      );
    }
  }

  if (failedWork) {
    api.get(
      '/clinic/failed-work',
      {
        config: { staffRoles: ADMIN },
        schema: { tags: ['clinic'], summary: 'Background work that failed on every try (admin), oldest first, in words, with the last error (audited)', response: { 200: failedWorkSchema, ...errors } },
      },
      async (request, reply) => reply.header('cache-control', NO_STORE).send(await failedWork.list(member(request).id)),
    );
    api.post(
      '/clinic/failed-work/:id/retry',
      {
        config: { staffRoles: ADMIN },
        schema: {
          tags: ['clinic'],
          summary: 'Queue failed background work again (admin); once however often clicked, audited',
          params: z.object({ id: z.string().uuid({ error: 'is not a job id' }) }),
          response: { 200: failedWorkRetriedSchema, ...errors },
        },
      },
      async (request, reply) => reply.header('cache-control', NO_STORE).send(await failedWork.retry(member(request).id, request.params.id)),
    );
  }

  /** What an audit read was filtered by, kept in its own audit row. */
  const filterDetails = (filter: AuditFilter) => Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''));

  api.get(
    '/clinic/audit',
    {
      config: { staffRoles: ADMIN },
      schema: {
        tags: ['clinic'],
        summary: 'The staff audit log (admin), newest first, 50 a page, in words: filter by order number, patient (name or email), staff member and UK days (both included; the last 30 days by default). Reading it is audited',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const staffMember = member(request);
      const { page, ...filter } = request.query;
      const read = await auditPage(db, filter, page, new Date());
      await audit(db, { staffId: staffMember.id, action: 'read-audit-log', resource: 'audit-log', details: { ...filterDetails(filter), from: read.from, to: read.to, page } });
      return reply.header('cache-control', NO_STORE).send(read);
    },
  );

  api.get(
    '/clinic/audit.csv',
    {
      config: { staffRoles: ADMIN },
      schema: {
        tags: ['clinic'],
        summary: 'The staff audit log as CSV (admin), oldest first, with the filters of GET /clinic/audit; actions and details in words; the export itself is audited',
        querystring: auditLogFilterSchema,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const staffMember = member(request);
      const { from, to } = auditRange(request.query, new Date());
      await audit(db, { staffId: staffMember.id, action: 'export-audit', resource: 'audit-log', details: { ...filterDetails(request.query), from, to } });
      const csv = await auditCsv(db, request.query, new Date());
      return reply.header('cache-control', NO_STORE).type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="staff-audit.csv"').send(csv);
    },
  );
}
