import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, SUPPORT_PHOTO_CATEGORY, type StaffRole } from '@elmwood/domain';
import type { FileStore } from '../../adapters/file-store/port';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit-log';
import { AppError, notFound } from '../../lib/errors';
import { ALL_STAFF, CLINICAL_STAFF, staffMember } from '../../lib/staff-guard';
import type { UploadsRepo } from './repo';
import { sendPhoto } from './routes';

const PHOTO_NOT_FOUND = 'We could not find that photo.';
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Patients' photos in the clinic console, behind the staff wall (lib/staff-guard.ts). */
export function uploadConsoleRoutes(app: FastifyInstance, { db, uploads, store }: { db: Db; uploads: UploadsRepo; store: FileStore }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/clinic/uploads/:id',
    {
      config: { staffRoles: ALL_STAFF },
      schema: {
        tags: ['clinic'],
        summary: "A patient's photo, for clinical staff (support and admin: photos attached to support messages); every read is audited before it is sent",
        params: z.object({ id: z.uuid() }),
        response: { 200: z.any().describe('The photo as image/jpeg'), ...errors },
      },
    },
    async (request, reply) => {
      const member = staffMember(request);
      const upload = await uploads.byId(request.params.id);
      if (upload && !CLINICAL_STAFF.includes(member.role as StaffRole) && upload.category !== SUPPORT_PHOTO_CATEGORY) {
        throw new AppError(403, 'FORBIDDEN', 'Your role does not allow this.');
      }
      const bytes = upload ? await store.get(upload.id) : null;
      if (!upload || !bytes) throw notFound(PHOTO_NOT_FOUND);
      await audit(db, { staffId: member.id, action: 'read-photo', patientId: upload.customerId, resource: 'photo', resourceId: upload.id, details: { category: upload.category } });
      return sendPhoto(reply, bytes);
    },
  );
}
