import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, taskSchema, type Task } from '@elmwood/domain';
import type { FileStore } from '../../adapters/file-store/port';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { allowedByAll, type RateLimiter } from '../../lib/rate-limiter';
import { findUnstorableText, refuseUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../../lib/storable-text';
import { parseBody } from '../../lib/validation';
import type { CustomerRow } from '../../db/schema/customers';
import { requireCustomer, type SignedInPatients } from '../../lib/signed-in';
import { imageTooLargeMessage, sanitisePhoto } from './images';
import type { UploadsRepo } from './repo';
import type { TaskBook } from '../../contracts/tasks';

const MAX_ATTACHMENTS = 3;
/** The form's text fields (title and task id) are short; anything near this is not our web app. */
const MAX_FIELD_BYTES = 1024;
/** Multipart framing around each part (boundary and headers) fits well within this. */
const PART_OVERHEAD_BYTES = 16 * 1024;
/**
 * SPEC §7: I identity, W weight tracking, P prescription; the default endpoint is H, hair-loss progress; S a support
 * message's photo; Q a photo a prescriber asked for, sent on with the answer (POST /tasks/{id}/answer).
 */
const CATEGORY = z.enum(['I', 'W', 'P', 'S', 'Q']);

/** The form's text fields, once every part has been read. */
const messageFields = z.object({
  name: z.string().trim().min(1).max(120),
  /** The photo task this answers; left out, an identity (I) or weight (W) photo completes the open task of its category. */
  taskId: z.uuid().optional(),
});
const attachmentName = z.string().trim().min(1).max(200);
const messageReply = z.object({
  uploads: z.array(z.object({ id: z.string(), url: z.string() })),
  /** The task the photo completed, if any. */
  task: taskSchema.nullable(),
});
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
};
const FORM_DESCRIPTION =
  'multipart/form-data: a `name` field (the title), an optional `taskId` field, and one to three `attachments` file parts, one photo each.';
/** Categories whose photo a clinician waits for: one arriving without its task still completes it. */
const TASK_CATEGORIES = new Set(['I', 'W']);
export const WRONG_TASK_MESSAGE = 'This photo is not the one this task asks for. Please upload it from its own task.';
export const TOO_MANY_UPLOADS_MESSAGE = 'You have sent a lot of photos in the last hour. Please wait an hour and try again.';
export const NOT_A_FORM_MESSAGE = 'Photos are sent as a multipart/form-data form, one photo per part.';
export const NO_PHOTOS_MESSAGE = 'No photos selected';
export const MALFORMED_FORM_MESSAGE =
  'The photo form could not be read: it was cut short or is not a well-formed multipart/form-data form. Please send it again.';

interface UploadDeps {
  db: Db;
  repo: UploadsRepo;
  store: FileStore;
  auth: SignedInPatients;
  maxBytes: number;
  /** Uploads are costly to check and store: counted per patient and per network address. */
  limits: { perAccount: RateLimiter; perAddress: RateLimiter };
  /** A photo completes the task it was sent for. */
  taskBook: TaskBook;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the upload routes' onRequest hook: the signed-in patient sending the photos. */
    uploader?: CustomerRow;
  }
}

/** A patient's photo as it leaves the server: never cached, never sniffed as anything but a JPEG. */
export function sendPhoto(reply: FastifyReply, bytes: Buffer) {
  return reply.type('image/jpeg').header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(bytes);
}

function refuseUnstorable(field: string, value: string): void {
  if (findUnstorableText(value) === null) return;
  throw badRequest('VALIDATION_ERROR', `${field}: ${UNSTORABLE_TEXT_MESSAGE}`, { issues: [{ field, message: UNSTORABLE_TEXT_MESSAGE }] });
}

/** Reads one file part, giving up (and so stopping the upload) as soon as it passes the limit. */
async function readPhoto(file: AsyncIterable<Buffer> & { truncated?: boolean }, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    size += chunk.length;
    if (size > maxBytes) throw new AppError(413, 'IMAGE_TOO_LARGE', imageTooLargeMessage(maxBytes));
    chunks.push(chunk);
  }
  if (file.truncated) throw new AppError(413, 'IMAGE_TOO_LARGE', imageTooLargeMessage(maxBytes));
  return Buffer.concat(chunks);
}

/** An error that already answers with a 4xx (the multipart plugin's limits, say). */
function isClientError(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** Photos to the clinic, and back to their owner only. */
export async function uploadRoutes(app: FastifyInstance, { db, repo, store, auth, maxBytes, limits, taskBook }: UploadDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const largestForm = MAX_ATTACHMENTS * (maxBytes + PART_OVERHEAD_BYTES) + 2 * (MAX_FIELD_BYTES + PART_OVERHEAD_BYTES);
  await app.register(fastifyMultipart, {
    // Busboy's own ceilings, a backstop to readPhoto's: it stops counting a part one byte past the photo limit.
    limits: { fileSize: maxBytes + 1, files: MAX_ATTACHMENTS, fields: 2, fieldSize: MAX_FIELD_BYTES, parts: MAX_ATTACHMENTS + 2 },
    throwFileSizeLimit: false,
  });

  /**
   * Everything that can refuse an upload without its photos runs before a byte of the body is read: the session,
   * the form's type, its declared size and the rate limits. A refused upload is answered at once, and its connection
   * closed rather than drained (see onSend), so an anonymous 40 MB request costs no memory and little time.
   */
  const beforeTheBody = async (request: FastifyRequest) => {
    // The root's guard runs at preValidation, after the body would have been read; the path and query are known now.
    refuseUnstorableText(request);
    const customer = await auth.customer(requireCustomer(request));
    // request.isMultipart() is only known once the body parser has run; this runs before it.
    if (!/^multipart\/form-data\s*;/i.test(request.headers['content-type'] ?? '')) throw new AppError(415, 'NOT_A_FORM', NOT_A_FORM_MESSAGE);
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > largestForm) throw new AppError(413, 'IMAGE_TOO_LARGE', imageTooLargeMessage(maxBytes));
    const allowed = await allowedByAll([
      [limits.perAccount, customer.uid],
      [limits.perAddress, request.ip],
    ]);
    if (!allowed) throw new AppError(429, 'TOO_MANY_UPLOADS', TOO_MANY_UPLOADS_MESSAGE);
    request.uploader = customer;
  };
  const closeUnreadConnection = async (request: FastifyRequest, reply: FastifyReply) => {
    // Node would otherwise read the rest of a refused upload off the wire before taking the next request.
    if (!request.raw.complete) reply.header('connection', 'close');
  };

  /**
   * The form's parts, read as they arrive. A body the multipart parser cannot read (no boundary, a part cut short, no
   * closing boundary) fails with the parser's own plain Error: the sender's fault, so a 400 saying so, never a 500.
   * Our own refusals while reading (too large, a wrong field) and the plugin's limits keep their status.
   */
  async function readForm(request: FastifyRequest) {
    try {
      return await readParts(request);
    } catch (error) {
      if (error instanceof AppError || isClientError(error)) throw error;
      throw new AppError(400, 'MALFORMED_FORM', MALFORMED_FORM_MESSAGE);
    }
  }

  async function readParts(request: FastifyRequest) {
    const texts: Record<string, string> = {};
    const photos: { name: string; bytes: Buffer }[] = [];
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== 'name' && part.fieldname !== 'taskId') throw badRequest('VALIDATION_ERROR', `body.${part.fieldname}: is not a field of this form`);
        if (part.valueTruncated) throw badRequest('VALIDATION_ERROR', `body.${part.fieldname}: is too long`);
        const value = String(part.value);
        refuseUnstorable(`body.${part.fieldname}`, value);
        texts[part.fieldname] = value;
        continue;
      }
      if (part.fieldname !== 'attachments') throw badRequest('VALIDATION_ERROR', `body.${part.fieldname}: photos are sent as 'attachments'`);
      const field = `body.attachments.${photos.length}`;
      refuseUnstorable(field, part.filename);
      const name = attachmentName.safeParse(part.filename);
      if (!name.success) throw badRequest('VALIDATION_ERROR', `${field}: the photo needs a file name of up to 200 characters`);
      photos.push({ name: name.data, bytes: await readPhoto(part.file, maxBytes) });
    }
    if (photos.length === 0) throw badRequest('VALIDATION_ERROR', NO_PHOTOS_MESSAGE, { issues: [{ field: 'body.attachments', message: NO_PHOTOS_MESSAGE }] });
    return { fields: parseBody(messageFields, texts), photos };
  }

  async function receive(request: FastifyRequest, category: string) {
    const customer = request.uploader!;
    const { fields, photos: received } = await readForm(request);
    const { taskId } = fields;
    if (taskId) {
      const task = await taskBook.findOwn(db, customer.id, taskId);
      if (!task) throw notFound('We could not find that task.');
      if (task.taskType !== 'upload-photo' || task.configuration.category !== category) {
        throw new AppError(422, 'WRONG_TASK', WRONG_TASK_MESSAGE);
      }
    }
    const photos = await Promise.all(received.map((photo) => sanitisePhoto(photo.bytes, maxBytes)));
    const saved = photos.map((photo, index) => ({ id: randomUUID(), photo, originalName: received[index]!.name }));
    await Promise.all(saved.map(({ id, photo }) => store.put(id, photo)));
    try {
      const task = await db.transaction(async (tx): Promise<Task | null> => {
        for (const { id, photo, originalName } of saved) {
          await repo.insert({ id, customerId: customer.id, category, title: fields.name, originalName, byteSize: photo.length }, tx);
        }
        const evidence = saved[0]!.id;
        if (taskId) return taskBook.complete(tx, customer.id, taskId, evidence);
        if (!TASK_CATEGORIES.has(category)) return null;
        const completed = await taskBook.completeOpenWhere(
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

  const uploadSchema = { tags: ['uploads'], description: FORM_DESCRIPTION, consumes: ['multipart/form-data'], response: { 201: messageReply, ...errors } };
  api.post(
    '/messages/category/:category',
    { onRequest: beforeTheBody, onSend: closeUnreadConnection, schema: { ...uploadSchema, params: z.object({ category: CATEGORY }) } },
    async (request, reply) => reply.status(201).send(await receive(request, request.params.category)),
  );
  api.post(
    '/messages/hair-loss-progress',
    { onRequest: beforeTheBody, onSend: closeUnreadConnection, schema: uploadSchema },
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
