import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  APPOINTMENT_MESSAGES,
  appointmentSchema,
  assignCoachBodySchema,
  assignedCoachSchema,
  bookCallBodySchema,
  coachingStatusSchema,
  coachSchema,
  coachSlotsReplySchema,
  COACH_RELATIONSHIP,
  rescheduleCallBodySchema,
  taskSchema,
} from '@elmwood/domain';
import { SchedulingSignatureError, type Scheduler } from '../../adapters/scheduling/port';
import { AppError, notFound } from '../../lib/errors';
import { requireCustomer, type SignedInPatients } from '../../lib/signed-in';
import type { CoachService } from './service';

const NO_STORE = 'private, no-store';
const channelQuery = z.object({ channel: z.string().max(64).optional() });
const idParams = z.object({ id: z.string().max(64) });
const isUuid = (id: string) => z.uuid().safeParse(id).success;
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** Coaches and coach calls (SPEC §7 medical personnel; appointments): the signed-in patient's own only. */
export async function coachRoutes(app: FastifyInstance, { coaches, auth }: { coaches: CoachService; auth: SignedInPatients }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ownId = (id: string) => {
    if (!isUuid(id)) throw notFound(APPOINTMENT_MESSAGES.notFound);
    return id;
  };

  api.get(
    '/list-medical-personnel',
    {
      schema: {
        tags: ['coaches'],
        summary: 'The coaches a patient may choose (type Weight Loss Coach), each with the link their calls are booked at',
        querystring: channelQuery.extend({ type: z.literal(COACH_RELATIONSHIP).default(COACH_RELATIONSHIP) }),
        response: { 200: z.array(coachSchema), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await coaches.list(customer.id));
    },
  );

  api.post(
    '/assign-customer-to-medical-personnel',
    {
      schema: {
        tags: ['coaches'],
        summary:
          "Make a coach the patient's one coach (403 COACHING_NOT_AVAILABLE without an approved weight-loss treatment); choosing another replaces them and cancels the first coach's calls still ahead",
        querystring: channelQuery,
        body: assignCoachBodySchema,
        response: { 200: assignedCoachSchema.extend({ cancelledAppointments: z.number().int() }), ...errors },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await coaches.assign(customer.id, request.body.medical_personnel_id));
    },
  );

  api.get(
    '/coaching',
    {
      schema: {
        tags: ['coaches'],
        summary: 'Whether the patient may have a coach (an approved weight-loss treatment or its after-care) and book a call now (at most COACH_MAX_UPCOMING_CALLS booked ahead), and why not',
        response: { 200: coachingStatusSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await coaches.status(customer.id));
    },
  );

  api.get(
    '/assigned-medical-personnel',
    {
      schema: { tags: ['coaches'], summary: "The patient's coach, or null ids before they choose one", querystring: channelQuery, response: { 200: assignedCoachSchema, 401: apiErrorSchema } },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await coaches.assigned(customer.id));
    },
  );

  api.get(
    '/coaches/:id/slots',
    {
      schema: {
        tags: ['coaches'],
        summary: "A coach's free 20-minute calls for the next 14 days, by UK day (booked and past times left out)",
        params: idParams,
        response: { 200: coachSlotsReplySchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      requireCustomer(request);
      return reply.header('cache-control', NO_STORE).send(await coaches.slots(request.params.id));
    },
  );

  api.get(
    '/appointments',
    { schema: { tags: ['coaches'], summary: "The patient's coach calls, past and upcoming, oldest first", response: { 200: z.array(appointmentSchema), 401: apiErrorSchema } } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await coaches.appointments(customer.id));
    },
  );

  api.post(
    '/appointments',
    {
      schema: {
        tags: ['coaches'],
        summary:
          'Book a free slot with your coach; one slot is never booked twice (409 SLOT_TAKEN), nor more calls ahead than allowed (409 CALL_LIMIT); coaching needs an approved weight-loss treatment (403 COACHING_NOT_AVAILABLE)',
        body: bookCallBodySchema,
        response: { 201: z.object({ appointment: appointmentSchema, completedTask: taskSchema.nullable() }), ...errors },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      const booked = await coaches.book(customer.id, request.body.coachId, new Date(request.body.start));
      return reply.status(201).header('cache-control', NO_STORE).send(booked);
    },
  );

  api.get(
    '/appointments/:id',
    { schema: { tags: ['coaches'], summary: 'One of your coach calls (anyone else’s: 404)', params: idParams, response: { 200: appointmentSchema, 401: apiErrorSchema, 404: apiErrorSchema } } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await coaches.appointment(customer.id, ownId(request.params.id)));
    },
  );

  api.post(
    '/appointments/:id/cancel',
    { schema: { tags: ['coaches'], summary: 'Cancel your call, up to 2 hours before it starts', params: idParams, response: { 200: appointmentSchema, ...errors } } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await coaches.cancel(customer.id, ownId(request.params.id)));
    },
  );

  api.post(
    '/appointments/:id/reschedule',
    {
      schema: { tags: ['coaches'], summary: "Move your call to another of your coach's free slots, up to 2 hours before it starts", params: idParams, body: rescheduleCallBodySchema, response: { 200: appointmentSchema, ...errors } },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await coaches.reschedule(customer.id, ownId(request.params.id), new Date(request.body.start)));
    },
  );
}

/**
 * POST /shop-api/webhooks/calendly: Calendly's invitee.created and invitee.canceled, checked against the
 * Calendly-Webhook-Signature over the raw body (so this plugin reads JSON as text). A forged one answers 401.
 */
export async function calendlyWebhookRoutes(app: FastifyInstance, { coaches, scheduler, now }: { coaches: CoachService; scheduler: Scheduler; now: () => Date }) {
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
  app.withTypeProvider<ZodTypeProvider>().post(
    '/webhooks/calendly',
    { schema: { tags: ['coaches'], summary: 'Calendly bookings and cancellations (signed)', response: { 200: z.object({ received: z.boolean() }), 401: apiErrorSchema } } },
    async (request) => {
      let event;
      try {
        event = scheduler.parseWebhook(typeof request.body === 'string' ? request.body : '', request.headers, now());
      } catch (error) {
        if (error instanceof SchedulingSignatureError) throw new AppError(401, 'INVALID_SIGNATURE', 'The notification could not be verified.');
        throw error;
      }
      if (event) await coaches.schedulingEvent(event);
      return { received: true };
    },
  );
}
