import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, taskSchema, type Task } from '@elmwood/domain';
import type { FileStore } from '../../adapters/file-store/port';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { allowedByAll, type RateLimiter } from '../../lib/rate-limiter';
import { requireCustomer } from '../auth/authentication';
import type { AuthService } from '../auth/service';
import { completeOpenTasksWhere, completeTask, findOwnTask } from '../tasks/index';
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
  /** The photo task this answers; left out, an identity (I) or weight (W) photo completes the open task of its category. */
  taskId: z.uuid().optional(),
});
const messageReply = z.object({
  uploads: z.array(z.object({ id: z.string(), url: z.string() })),
  /** The task the photo completed, if any. */
  task: taskSchema.nullable(),
});
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema };
/** Categories whose photo a clinician waits for: one arriving without its task still completes it. */
const TASK_CATEGORIES = new Set(['I', 'W']);
export const WRONG_TASK_MESSAGE = 'This photo is not the one this task asks for. Please upload it from its own task.';
export const TOO_MANY_UPLOADS_MESSAGE = 'You have sent a lot of photos in the last hour. Please wait an hour and try again.';

interface UploadDeps {
  db: Db;
  repo: UploadsRepo;
  store: FileStore;
  auth: AuthService;
  maxBytes: number;
  /** Uploads are costly to check and store: counted per patient and per network address. */
  limits: { perAccount: RateLimiter; perAddress: RateLimiter };
}

/** A patient's photo as it leaves the server: never cached, never sniffed as anything but a JPEG. */
export function sendPhoto(reply: FastifyReply, bytes: Buffer) {
  return reply.type('image/jpeg').header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(bytes);
}

function decodeAttachment(body: string): Buffer {
  const comma = body.startsWith('data:') ? body.indexOf(',') : -1;
  return Buffer.from(comma >= 0 ? body.slice(comma + 1) : body, 'base64');
}

/** Photos to the clinic, and back to their owner only. */
export async function uploadRoutes(app: FastifyInstance, { db, repo, store, auth, maxBytes, limits }: UploadDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Base64 grows by a third; a little room on top for the names.
  const bodyLimit = Math.ceil((maxBytes * 4 * MAX_ATTACHMENTS) / 3) + 64 * 1024;

  async function receive(request: { body: z.infer<typeof messageBody>; ip: string } & Parameters<typeof requireCustomer>[0], category: string) {
    const customer = await auth.customer(requireCustomer(request));
    const allowed = await allowedByAll([
      [limits.perAccount, customer.uid],
      [limits.perAddress, request.ip],
    ]);
    if (!allowed) throw new AppError(429, 'TOO_MANY_UPLOADS', TOO_MANY_UPLOADS_MESSAGE);
    const { taskId } = request.body;
    if (taskId) {
      const task = await findOwnTask(db, customer.id, taskId);
      if (!task) throw notFound('We could not find that task.');
      if (task.taskType !== 'upload-photo' || task.configuration.category !== category) {
        throw new AppError(422, 'WRONG_TASK', WRONG_TASK_MESSAGE);
      }
    }
    const photos = await Promise.all(request.body.attachments.map((attachment) => sanitisePhoto(decodeAttachment(attachment.body), maxBytes)));
    const saved = photos.map((photo, index) => ({ id: randomUUID(), photo, originalName: request.body.attachments[index]!.name }));
    await Promise.all(saved.map(({ id, photo }) => store.put(id, photo)));
    try {
      const task = await db.transaction(async (tx): Promise<Task | null> => {
        for (const { id, photo, originalName } of saved) {
          await repo.insert({ id, customerId: customer.id, category, title: request.body.name, originalName, byteSize: photo.length }, tx);
        }
        const evidence = saved[0]!.id;
        if (taskId) return completeTask(tx, customer.id, taskId, evidence);
        if (!TASK_CATEGORIES.has(category)) return null;
        const completed = await completeOpenTasksWhere(
          tx,
          customer.id,
          (open) => open.taskType === 'upload-photo' && open.configuration.category === category,
          evidence,
        );
        return completed[0] ?? null;
      });
      return { uploads: saved.map(({ id }) => ({ id, url: `/shop-api/uploads/${id}` })), task };
    } catch (error) {
      // No row points at these files: they must not stay behind.
      await Promise.all(saved.map(({ id }) => store.delete(id).catch(() => undefined)));
      throw error;
    }
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
      return sendPhoto(reply, bytes);
    },
  );
}
