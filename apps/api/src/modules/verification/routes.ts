import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import '@fastify/websocket';
import {
  apiErrorSchema,
  bookVideoConsultationBodySchema,
  clinicVideoConsultationSchema,
  clinicVideoConsultationsSchema,
  patientVerificationSchema,
  recordVerificationBodySchema,
  recordVideoVerificationBodySchema,
  rescheduleVideoConsultationBodySchema,
  VIDEO_CONSULTATION_MESSAGES,
  videoConsultationSchema,
  videoConsultationsReplySchema,
  videoSlotsReplySchema,
} from '@elmwood/domain';
import { AppError, notFound } from '../../lib/errors';
import { requireCustomer, type SignedInPatients } from '../../lib/signed-in';
import type { StaffRow } from '../../db/schema/clinic';
import type { VideoConsultations } from './consultations';
import type { SignalRooms } from './signalling';
import { CLINICAL_STAFF, PRESCRIBERS } from '../../lib/staff-guard';

const NO_STORE = 'private, no-store';
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
const idParams = z.object({ id: z.string().max(64) });
const orderParams = z.object({ number: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'is not an order number') });

/** Any id that is not a consultation's answers as a missing one does. */
function consultationId(id: string): string {
  if (!z.uuid().safeParse(id).success) throw notFound(VIDEO_CONSULTATION_MESSAGES.notFound);
  return id;
}

/**
 * A WebSocket's opening request from another site is refused: the browser sends the page's origin with it, and a
 * cookie-authenticated socket must not be opened by someone else's page.
 */
function sameSiteSocket(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let host: string | null = null;
  try {
    host = new URL(origin).host;
  } catch {
    host = null;
  }
  if (host !== request.host) throw new AppError(403, 'CROSS_SITE_REQUEST', 'This request came from another website and was refused.');
}

/** The patient's video consultations (their own only) and their side of the call's signalling. */
export async function videoConsultationRoutes(app: FastifyInstance, { consultations, rooms, auth }: { consultations: VideoConsultations; rooms: SignalRooms; auth: SignedInPatients }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const patientId = async (request: FastifyRequest) => (await auth.customer(requireCustomer(request))).id;

  api.get(
    '/video-consultations',
    {
      schema: {
        tags: ['video-consultations'],
        summary: "Whether the patient's weight-loss order waits on a verification of weight, height and identity (book a video consultation), and their consultations",
        response: { 200: videoConsultationsReplySchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await consultations.overview(await patientId(request))),
  );

  api.get(
    '/video-consultations/slots',
    { schema: { tags: ['video-consultations'], summary: "The prescribers' free 15-minute times for the next 14 days, by UK day", response: { 200: videoSlotsReplySchema, 401: apiErrorSchema } } },
    async (request, reply) => {
      requireCustomer(request);
      return reply.header('cache-control', NO_STORE).send(await consultations.slots());
    },
  );

  api.post(
    '/video-consultations',
    {
      schema: {
        tags: ['video-consultations'],
        summary:
          'Book a free time with a prescriber (403 VERIFICATION_NOT_NEEDED when no weight-loss order waits on a verification; 409 ALREADY_BOOKED, SLOT_TAKEN; 422 SLOT_UNAVAILABLE); reminders the day before and an hour before',
        body: bookVideoConsultationBodySchema,
        response: { 201: videoConsultationSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).header('cache-control', NO_STORE).send(await consultations.book(await patientId(request), new Date(request.body.start))),
  );

  api.get(
    '/video-consultations/:id',
    { schema: { tags: ['video-consultations'], summary: 'One of your video consultations (anyone else’s: 404)', params: idParams, response: { 200: videoConsultationSchema, 401: apiErrorSchema, 404: apiErrorSchema } } },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await consultations.consultation(await patientId(request), consultationId(request.params.id))),
  );

  api.post(
    '/video-consultations/:id/cancel',
    { schema: { tags: ['video-consultations'], summary: 'Cancel your video consultation, up to 1 hour before it starts', params: idParams, response: { 200: videoConsultationSchema, ...errors } } },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await consultations.cancel(await patientId(request), consultationId(request.params.id))),
  );

  api.post(
    '/video-consultations/:id/reschedule',
    {
      schema: { tags: ['video-consultations'], summary: 'Move your video consultation to another free time, up to 1 hour before it starts', params: idParams, body: rescheduleVideoConsultationBodySchema, response: { 200: videoConsultationSchema, ...errors } },
    },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await consultations.reschedule(await patientId(request), consultationId(request.params.id), new Date(request.body.start))),
  );

  const admitted = new WeakMap<FastifyRequest, string>();
  app.get(
    '/video-consultations/:id/signal',
    {
      websocket: true,
      schema: { hide: true },
      // Checked before the upgrade: only the booked patient, signed in, while the room is open (else an HTTP error).
      preHandler: async (request) => {
        sameSiteSocket(request);
        const { id } = idParams.parse(request.params);
        const row = await consultations.patientRoom(await patientId(request), consultationId(id));
        admitted.set(request, row.id);
      },
    },
    (socket, request) => rooms.join(admitted.get(request)!, 'patient', socket),
  );
}

/** The console's side, registered inside the clinic's routes (behind staff sessions and their role check). */
export function videoConsultationConsoleRoutes(app: FastifyInstance, consultations: VideoConsultations, rooms: SignalRooms, member: (request: FastifyRequest) => StaffRow) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/clinic/video-consultations',
    {
      config: { staffRoles: CLINICAL_STAFF },
      schema: {
        tags: ['clinic'],
        summary: "Video consultations still ahead or under way: a prescriber's own (?all=true: everyone's), soonest first; audited",
        querystring: z.object({ all: z.enum(['true', 'false']).default('false') }),
        response: { 200: clinicVideoConsultationsSchema, ...errors },
      },
    },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await consultations.clinicList(member(request), request.query.all === 'true')),
  );

  api.get(
    '/clinic/video-consultations/:id',
    { config: { staffRoles: CLINICAL_STAFF }, schema: { tags: ['clinic'], summary: 'One video consultation; audited', params: idParams, response: { 200: clinicVideoConsultationSchema, ...errors } } },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await consultations.clinicConsultation(member(request), consultationId(request.params.id))),
  );

  api.post(
    '/clinic/video-consultations/:id/verification',
    {
      config: { staffRoles: PRESCRIBERS },
      schema: {
        tags: ['clinic'],
        summary: 'Record what the prescriber observed during the call (weight read from the scales, height, identity against the photo ID): a verification by video, once per call; audited',
        params: idParams,
        body: recordVideoVerificationBodySchema,
        response: { 201: patientVerificationSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).header('cache-control', NO_STORE).send(await consultations.recordVideo(member(request), consultationId(request.params.id), request.body)),
  );

  api.post(
    '/clinic/video-consultations/:id/end',
    { config: { staffRoles: PRESCRIBERS }, schema: { tags: ['clinic'], summary: 'End the call (prescriber): the consultation is completed and both sides leave the room', params: idParams, response: { 200: clinicVideoConsultationSchema, ...errors } } },
    async (request, reply) => {
      const ended = await consultations.end(member(request), consultationId(request.params.id));
      rooms.end(ended.id);
      return reply.header('cache-control', NO_STORE).send(ended);
    },
  );

  api.post(
    '/clinic/orders/:number/verifications',
    {
      config: { staffRoles: PRESCRIBERS },
      schema: {
        tags: ['clinic'],
        summary:
          "Record how the order's patient's weight, height and identity were verified by a method other than video (in person, clinical record, GP confirmation), with its evidence; BMI is worked out from the values; audited",
        params: orderParams,
        body: recordVerificationBodySchema,
        response: { 201: patientVerificationSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).header('cache-control', NO_STORE).send(await consultations.recordForOrder(member(request), request.params.number, request.body)),
  );

  const admitted = new WeakMap<FastifyRequest, string>();
  app.get(
    '/clinic/video-consultations/:id/signal',
    {
      websocket: true,
      config: { staffRoles: PRESCRIBERS },
      schema: { hide: true },
      preHandler: async (request) => {
        sameSiteSocket(request);
        const { id } = idParams.parse(request.params);
        const row = await consultations.prescriberRoom(member(request), consultationId(id));
        admitted.set(request, row.id);
      },
    },
    (socket, request) => rooms.join(admitted.get(request)!, 'prescriber', socket),
  );
}
