import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@elmwood/domain';
import type { FileStore } from '../../adapters/file-store/port';
import { notFound } from '../../lib/errors';
import { requireCustomer } from '../auth/authentication';
import type { AuthService } from '../auth/service';
import { sanitisePhoto } from './images';
import type { UploadsRepo } from './repo';

const MAX_ATTACHMENTS = 3;
/** SPEC §7: I identity, W weight tracking, P prescription; the default endpoint is H, hair-loss progress. */
const CATEGORY = z.enum(['I', 'W', 'P']);

const messageBody = z.object({
  name: z.string().trim().min(1).max(120),
  attachments: z
    .array(z.object({ name: z.string().trim().min(1).max(200), body: z.string().min(1).describe('base64, or a data: URL') }))
    .min(1, 'No photos selected')
    .max(MAX_ATTACHMENTS),
});
const messageReply = z.object({ uploads: z.array(z.object({ id: z.string(), url: z.string() })) });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 413: apiErrorSchema };

interface UploadDeps {
  repo: UploadsRepo;
  store: FileStore;
  auth: AuthService;
  maxBytes: number;
}

function decodeAttachment(body: string): Buffer {
  const comma = body.startsWith('data:') ? body.indexOf(',') : -1;
  return Buffer.from(comma >= 0 ? body.slice(comma + 1) : body, 'base64');
}

/** Photos to the clinic, and back to their owner only. */
export async function uploadRoutes(app: FastifyInstance, { repo, store, auth, maxBytes }: UploadDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Base64 grows by a third; a little room on top for the names.
  const bodyLimit = Math.ceil((maxBytes * 4 * MAX_ATTACHMENTS) / 3) + 64 * 1024;

  async function receive(request: { body: z.infer<typeof messageBody> } & Parameters<typeof requireCustomer>[0], category: string) {
    const customer = await auth.customer(requireCustomer(request));
    const photos = await Promise.all(request.body.attachments.map((attachment) => sanitisePhoto(decodeAttachment(attachment.body), maxBytes)));
    const saved = [];
    for (const [index, photo] of photos.entries()) {
      const id = randomUUID();
      await store.put(id, photo);
      await repo.insert({ id, customerId: customer.id, category, title: request.body.name, originalName: request.body.attachments[index]!.name, byteSize: photo.length });
      saved.push({ id, url: `/shop-api/uploads/${id}` });
    }
    return { uploads: saved };
  }

  api.post(
    '/messages/category/:category',
    { bodyLimit, schema: { tags: ['uploads'], params: z.object({ category: CATEGORY }), body: messageBody, response: { 201: messageReply, ...errors } } },
    async (request, reply) => reply.status(201).send(await receive(request, request.params.category)),
  );
  api.post(
    '/messages/hair-loss-progress',
    { bodyLimit, schema: { tags: ['uploads'], body: messageBody, response: { 201: messageReply, ...errors } } },
    async (request, reply) => reply.status(201).send(await receive(request, 'H')),
  );

  api.get(
    '/uploads/:id',
    {
      schema: {
        tags: ['uploads'],
        params: z.object({ id: z.uuid() }),
        // Fastify sends a Buffer as it is, without the JSON serializer.
        response: { 200: z.any().describe('The photo as image/jpeg'), 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      const upload = await repo.ownedBy(customer.id, request.params.id);
      const bytes = upload ? await store.get(upload.id) : null;
      if (!bytes) throw notFound('We could not find that photo.');
      return reply.type('image/jpeg').header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(bytes);
    },
  );
}
