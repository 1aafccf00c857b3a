import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, GP_ANSWERS, gpAnswerBodySchema, gpLetterSummarySchema, gpLetterViewSchema } from '@elmwood/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { notFound } from '../../lib/errors';
import { parseBody } from '../../lib/validation';
import type { StaffRow } from '../../db/schema/clinic';
import type { GpLetters } from './service';
import { CLINICAL_STAFF } from '../../lib/staff-guard';

const NO_STORE = 'private, no-store';
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 410: apiErrorSchema, 422: apiErrorSchema };
const token = z.string().max(200).describe('The signed token of the letter’s link');

const gpViewSchema = z.object({
  patient: z.object({ name: z.string(), dateOfBirth: z.string().nullable() }),
  medicine: z.string(),
  dose: z.string(),
  startDate: z.string(),
  prescriber: z.object({ name: z.string(), registration: z.string().nullable() }),
  answer: z.enum(GP_ANSWERS).nullable(),
  contact: z.object({ email: z.string(), phone: z.string() }),
});

/**
 * The GP's page behind the letter's signed link (no account): whom the letter is about, and one answer. A tampered
 * link is 404 GP_LINK_INVALID, an expired one 410 GP_LINK_EXPIRED, a second answer 409 GP_ANSWER_EXISTS.
 */
export async function gpLetterRoutes(app: FastifyInstance, { gpLetters }: { gpLetters: GpLetters }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/gp-letters/answer',
    { schema: { tags: ['gp'], summary: 'The letter a GP answers, by its signed link', querystring: z.object({ token }), response: { 200: gpViewSchema, ...errors } } },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await gpLetters.forGp(request.query.token)),
  );
  api.post(
    '/gp-letters/answer',
    {
      schema: {
        tags: ['gp'],
        summary: "The GP's answer, once: 'no_concerns', or 'concerns' with their text (holds the next supply, opens an urgent item)",
        body: z.object({ token, answer: z.enum(GP_ANSWERS), concern: z.string().optional() }),
        response: { 200: z.object({ answer: z.enum(GP_ANSWERS) }), ...errors },
      },
    },
    async (request, reply) => {
      const body = parseBody(gpAnswerBodySchema, request.body);
      return reply.header('cache-control', NO_STORE).send(await gpLetters.answer(request.body.token, body));
    },
  );
}

const letterParams = z.object({ id: z.uuid({ error: 'is not a letter id' }) });
const orderParams = z.object({ number: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'is not an order number') });

/** The console's letters, inside the clinic's routes (staff sessions, role check): to post, print, and by order. */
export function gpLetterConsoleRoutes(app: FastifyInstance, db: Db, gpLetters: GpLetters, member: (request: FastifyRequest) => StaffRow) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/clinic/gp-letters/to-post',
    { config: { staffRoles: CLINICAL_STAFF }, schema: { tags: ['clinic'], summary: 'Letters to post: letters to GPs whose practice has no known email, oldest first', response: { 200: z.array(gpLetterSummarySchema), ...errors } } },
    async (_request, reply) => reply.header('cache-control', NO_STORE).send(await gpLetters.toPost()),
  );
  api.get(
    '/clinic/gp-letters/:id',
    {
      config: { staffRoles: CLINICAL_STAFF },
      schema: { tags: ['clinic'], summary: "A letter to a GP: its state and its words, for the console's print view; audited", params: letterParams, response: { 200: gpLetterViewSchema, ...errors } },
    },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await gpLetters.viewForStaff(member(request), request.params.id)),
  );
  api.get(
    '/clinic/gp-letters/:id/pdf',
    { config: { staffRoles: CLINICAL_STAFF }, schema: { tags: ['clinic'], summary: 'A letter to a GP as its PDF (to read or print); audited', params: letterParams } },
    async (request, reply) => {
      const pdf = await gpLetters.pdfForStaff(member(request), request.params.id);
      return reply.header('cache-control', NO_STORE).header('content-disposition', `inline; filename="letter-to-gp-${request.params.id.slice(0, 8)}.pdf"`).type('application/pdf').send(pdf);
    },
  );
  api.post(
    '/clinic/gp-letters/:id/posted',
    { config: { staffRoles: CLINICAL_STAFF }, schema: { tags: ['clinic'], summary: 'Mark a printed letter as posted; audited', params: letterParams, response: { 200: gpLetterSummarySchema, ...errors } } },
    async (request) => gpLetters.markPosted(member(request), request.params.id),
  );
  api.get(
    '/clinic/orders/:number/gp-letters',
    { config: { staffRoles: CLINICAL_STAFF }, schema: { tags: ['clinic'], summary: "The letters to the patient's GP kept with an order", params: orderParams, response: { 200: z.array(gpLetterSummarySchema), ...errors } } },
    async (request, reply) => {
      const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, request.params.number));
      if (!order) throw notFound('We could not find that order.');
      return reply.header('cache-control', NO_STORE).send(await gpLetters.ofOrder(order.id));
    },
  );
}
