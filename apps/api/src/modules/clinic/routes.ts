import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@elmwood/domain';
import type { FileStore } from '../../adapters/file-store/port';
import type { Db } from '../../db/client';
import { staffAccessLog } from '../../db/schema/customers';
import { notFound } from '../../lib/errors';
import { requireCustomer } from '../auth/authentication';
import type { AuthService } from '../auth/service';
import { sendPhoto, type UploadsRepo } from '../uploads/index';

/** Roles that may see patients' health data; everyone else is a patient. */
export const STAFF_ROLES: ReadonlySet<string> = new Set(['clinician', 'pharmacist']);
const PHOTO_NOT_FOUND = 'We could not find that photo.';

interface ClinicDeps {
  db: Db;
  auth: AuthService;
  uploads: UploadsRepo;
  store: FileStore;
}

/**
 * What clinic staff read of a patient's record. Each read is logged (staff, patient, resource, id) before
 * anything is sent; to anyone who is not staff these addresses do not exist (404).
 */
export async function clinicRoutes(app: FastifyInstance, { db, auth, uploads, store }: ClinicDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/clinic/uploads/:id',
    {
      schema: {
        tags: ['clinic'],
        summary: "A patient's photo, for clinic staff; every read is logged",
        params: z.object({ id: z.uuid() }),
        response: { 200: z.any().describe('The photo as image/jpeg'), 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const staff = await auth.customer(requireCustomer(request));
      if (!STAFF_ROLES.has(staff.role)) throw notFound(PHOTO_NOT_FOUND);
      const upload = await uploads.byId(request.params.id);
      const bytes = upload ? await store.get(upload.id) : null;
      if (!upload || !bytes) throw notFound(PHOTO_NOT_FOUND);
      await db.insert(staffAccessLog).values({ staffId: staff.id, patientId: upload.customerId, resource: 'upload', resourceId: upload.id });
      return sendPhoto(reply, bytes);
    },
  );
}
