/** A photo as the web app sends it: one file part per photo. */
export interface FormPhoto {
  name: string;
  bytes: Buffer;
  type?: string;
}

/**
 * The multipart/form-data body of a photo upload (a `name`, an optional `taskId`, `attachments` file parts), encoded
 * by the platform's own FormData, with the headers to send it under app.inject.
 */
export async function photoForm(fields: { name: string; taskId?: string }, photos: FormPhoto[]) {
  const form = new FormData();
  form.append('name', fields.name);
  if (fields.taskId) form.append('taskId', fields.taskId);
  for (const photo of photos) form.append('attachments', new Blob([photo.bytes], { type: photo.type ?? 'image/jpeg' }), photo.name);
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}
