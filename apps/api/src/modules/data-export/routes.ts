import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, dataExportViewSchema, staffDataExportSchema, staffDataExportsSchema, type StaffRole } from '@elmwood/domain';
import { entryIdempotencyHeaders, NO_STORE } from '../../lib/route-schemas';
import { staffMember } from '../../lib/staff-guard';
import type { DataExportFile, DataExports } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 410: apiErrorSchema, 429: apiErrorSchema };

/** The archive as a file to save, never kept by a cache on the way or by the browser. */
function sendArchive(reply: FastifyReply, file: DataExportFile) {
  return reply.header('cache-control', 'no-store').header('content-disposition', `attachment; filename="${file.fileName}"`).type('application/zip').send(file.bytes);
}

/** 'Download my data' in the patient's account: ask, see how it stands, download by the signed link. */
export async function dataExportRoutes(
  app: FastifyInstance,
  { exports, signedInPatient }: { exports: DataExports; signedInPatient: (request: FastifyRequest) => Promise<{ id: number }> },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/me/data-export',
    { schema: { tags: ['account'], summary: 'The signed-in patient’s latest request for a copy of their data, or null', response: { 200: dataExportViewSchema, 401: apiErrorSchema } } },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await exports.view((await signedInPatient(request)).id)),
  );

  api.post(
    '/me/data-export',
    {
      schema: {
        tags: ['account'],
        summary: 'Ask for a copy of all one’s data (emailed when ready); one a day (429 with Retry-After), the same Idempotency-Key answers the same request',
        headers: entryIdempotencyHeaders,
        response: { 202: dataExportViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const patient = await signedInPatient(request);
      return reply.status(202).header('cache-control', NO_STORE).send(await exports.request(patient.id, request.headers['idempotency-key']));
    },
  );

  api.get(
    '/me/data-export/:token',
    {
      schema: {
        tags: ['account'],
        summary: 'The archive (zip) by its signed link, only for the signed-in patient who asked for it: 404 for anyone else, 410 once its week is over',
        params: z.object({ token: z.string().max(200) }),
        response: errors,
      },
    },
    async (request, reply) => {
      const patient = await signedInPatient(request);
      return sendArchive(reply, await exports.download(patient.id, request.params.token));
    },
  );
}

/** Who may make a subject access request from the console: it holds the whole clinical record, so admins only. */
export const DATA_EXPORT_STAFF_ROLES: readonly StaffRole[] = ['admin'];

/** The console's subject access request, behind the console's staff wall (lib/staff-guard.ts); every export and download is audited. */
export function dataExportConsoleRoutes(app: FastifyInstance, { exports }: { exports: DataExports }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { staffRoles: DATA_EXPORT_STAFF_ROLES };
  const patientParams = z.object({ id: z.string().max(64).describe("The patient's public id") });

  api.get(
    '/clinic/patients/:id/data-exports',
    { config, schema: { tags: ['clinic'], summary: 'Archives prepared for a subject access request that can still be downloaded (admin)', params: patientParams, response: { 200: staffDataExportsSchema, ...errors } } },
    async (request, reply) => reply.header('cache-control', NO_STORE).send({ exports: await exports.listForStaff(request.params.id) }),
  );

  api.post(
    '/clinic/patients/:id/data-exports',
    { config, schema: { tags: ['clinic'], summary: "Prepare a copy of all the patient's data for a subject access request (admin); audited", params: patientParams, response: { 201: staffDataExportSchema, ...errors } } },
    async (request, reply) => reply.status(201).header('cache-control', NO_STORE).send(await exports.exportForStaff(staffMember(request), request.params.id)),
  );

  api.get(
    '/clinic/patients/:id/data-exports/:exportId',
    {
      config,
      schema: { tags: ['clinic'], summary: 'Download a prepared archive (admin); audited', params: patientParams.extend({ exportId: z.string().max(64) }), response: errors },
    },
    async (request, reply) => sendArchive(reply, await exports.downloadForStaff(staffMember(request), request.params.id, request.params.exportId)),
  );
}
