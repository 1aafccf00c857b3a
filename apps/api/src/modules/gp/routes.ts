import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, gpConsentsSchema, patientGpInfoSchema, recordedGpConsents } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { gpDetails } from '../../db/schema/customers';
import { AppError } from '../../lib/errors';
import { parseBody } from '../../lib/validation';
import { requireCustomer, type SignedInPatients } from '../../lib/signed-in';
import type { TaskBook } from '../../contracts/tasks';

const bodyDoc = z.object({
  consentGiven: z.boolean(),
  practiceName: z.string().optional(),
  addressLine1: z.string().optional(),
  addressLine2: z.string().optional(),
  cityOrTown: z.string().optional(),
  postCode: z.string().optional(),
  /** The practice's NHS ODS code, when it was chosen from the practice search. */
  odsCode: z.string().optional(),
  /** The practice's email for clinical letters, when the patient knows it. */
  email: z.string().optional(),
  /**
   * The two consents, asked separately: to inform the GP of the prescription, and to contact the GP to verify the
   * patient's history; each is recorded with its wording and the time. Left out, consentGiven stands for the first.
   */
  consents: gpConsentsSchema.optional(),
});

/**
 * POST /shop-api/customers/patient-gp-info: once per patient; a repeat answers 409, which the page treats as done.
 * Both complete the patient's open GP task (a new order's task is done at once by resubmitting).
 */
export async function gpRoutes(app: FastifyInstance, { db, auth, taskBook }: { db: Db; auth: SignedInPatients; taskBook: Pick<TaskBook, 'completeOpenWhere'> }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/customers/patient-gp-info',
    {
      schema: {
        tags: ['tasks'],
        body: bodyDoc,
        response: { 201: z.object({ consentGiven: z.boolean() }), 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      const { consents: asked, ...info } = parseBody(patientGpInfoSchema, request.body);
      // The practice's details are taken only for a consent given: without one they have no use.
      if (asked && info.consentGiven !== (asked.informGp || asked.verifyHistory)) {
        throw new AppError(400, 'VALIDATION_ERROR', 'body.consentGiven: must be true exactly when one of the consents is given');
      }
      // Without the two consents (an older page), consentGiven is kept alone: it meant consent to inform the GP.
      const recorded = asked ? recordedGpConsents(asked, new Date()) : null;
      // Given now or before, the clinic has what it asked for: the patient's open GP task is done either way.
      const inserted = await db.transaction(async (tx) => {
        const rows = await tx
          .insert(gpDetails)
          .values(info.consentGiven ? { customerId: customer.id, ...info, consents: recorded } : { customerId: customer.id, consentGiven: false, consents: recorded })
          .onConflictDoNothing()
          .returning({ customerId: gpDetails.customerId });
        await taskBook.completeOpenWhere(tx, customer.id, (task) => task.taskType === 'gp-info', 'gp-info');
        return rows;
      });
      if (inserted.length === 0) throw new AppError(409, 'GP_DETAILS_EXIST', 'We already have your GP details.');
      return reply.status(201).send({ consentGiven: info.consentGiven });
    },
  );
}
