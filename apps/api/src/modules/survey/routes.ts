import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, surveyAnswerSchema, surveyStatusSchema } from '@elmwood/domain';
import { requireCustomer, type SignedInPatients } from '../../lib/signed-in';
import type { SurveyService } from './service';

const NO_STORE = 'private, no-store';

/** The acquisition survey (SPEC §7 POST acquisition survey), always for the signed-in patient's own account. */
export async function surveyRoutes(app: FastifyInstance, { survey, auth }: { survey: SurveyService; auth: SignedInPatients }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/acquisition-survey',
    {
      schema: {
        tags: ['survey'],
        summary: "Whether the signed-in patient has answered 'How did you hear about us?'",
        response: { 200: surveyStatusSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send({ done: await survey.done(customer.id) });
    },
  );

  api.post(
    '/acquisition-survey',
    {
      schema: {
        tags: ['survey'],
        summary: "Answer 'How did you hear about us?': 201 when stored, 200 when the patient had answered already (the first answer is kept)",
        body: surveyAnswerSchema,
        response: { 200: surveyStatusSchema, 201: surveyStatusSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      const stored = await survey.answer(customer.id, request.body);
      return reply.status(stored ? 201 : 200).header('cache-control', NO_STORE).send({ done: true });
    },
  );
}
