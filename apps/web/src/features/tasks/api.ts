import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { photoUploadPath, uploadPercentage, type GpPractice, type GpPracticeSummary, type InformationAnswer, type PatientGpInfo, type PhotoCategory, type Task } from '@elmwood/domain';
import { apiGet, apiRequest, ApiError, isApiError, mayRefreshAfter, refreshSession } from '../../lib/api';

/** Every list of tasks sits under 'tasks', so finishing one refreshes them all (the thank-you page's too). */
export const taskKeys = {
  all: ['tasks'] as const,
  open: ['tasks', 'open'] as const,
  completed: ['tasks', 'completed'] as const,
  ofOrder: (orderNumber: string) => ['tasks', 'order', orderNumber] as const,
};

/** The signed-in patient's open tasks, critical first (the server's order). */
export function useOpenTasks() {
  return useQuery({
    queryKey: taskKeys.open,
    queryFn: ({ signal }) => apiGet<Task[]>('/shop-api/tasks', undefined, signal),
  });
}

/** Asked only when nothing is open, to tell 'You are all set' from 'No tasks at the moment'. */
export function useCompletedTasks(enabled: boolean) {
  return useQuery({
    queryKey: taskKeys.completed,
    queryFn: ({ signal }) => apiGet<Task[]>('/shop-api/tasks', { state: 'completed' }, signal),
    enabled,
  });
}

/** One open task, from the list already loaded when there is one. */
export function useOpenTask(taskId: string | null) {
  const tasks = useOpenTasks();
  const task = taskId ? (tasks.data?.find((candidate) => candidate.id === taskId) ?? null) : null;
  return { ...tasks, task };
}

/** A finished task leaves the open list at once (SPEC §4: the critical task is removed from the list). */
export function markTaskCompleted(client: QueryClient, task: Task | null | undefined) {
  if (task) client.setQueryData<Task[]>(taskKeys.open, (tasks) => tasks?.filter((candidate) => candidate.id !== task.id));
  void client.invalidateQueries({ queryKey: taskKeys.all });
}

/** POST /shop-api/tasks/{id}/complete: for tasks a page completes by itself (an acknowledgement). */
export function useCompleteTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => apiRequest<Task>(`/shop-api/tasks/${encodeURIComponent(taskId)}/complete`, { method: 'POST' }),
    onSuccess: (task) => markTaskCompleted(client, task),
  });
}

/** POST /shop-api/tasks/{id}/answer: the patient's answer to a prescriber's question (words, the photo asked for, or both). */
export function useAnswerQuestion(taskId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answer: InformationAnswer) => apiRequest<Task>(`/shop-api/tasks/${encodeURIComponent(taskId)}/answer`, { method: 'POST', body: answer }),
    onSuccess: (task) => markTaskCompleted(client, task),
  });
}

/**
 * After a follow-up questionnaire: the server completes a questionnaire task from the answers themselves; a
 * task still open afterwards is one the page completes (POST …/complete).
 */
export function useFinishTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (taskId: string) => {
      const open = await apiGet<Task[]>('/shop-api/tasks');
      const task = open.find((candidate) => candidate.id === taskId);
      if (task) return apiRequest<Task>(`/shop-api/tasks/${encodeURIComponent(taskId)}/complete`, { method: 'POST' });
      const completed = await apiGet<Task[]>('/shop-api/tasks', { state: 'completed' });
      const done = completed.find((candidate) => candidate.id === taskId);
      if (!done) throw new ApiError(404, 'NOT_FOUND', 'We could not find this task. It may belong to another account.');
      return done;
    },
    onSuccess: (task) => markTaskCompleted(client, task),
  });
}

/**
 * POST /shop-api/customers/patient-gp-info. Consent or skip, both finish the task; a 409 (details already
 * given) counts as success (SPEC §4).
 */
/** GET /shop-api/gp-practices: practices whose name contains `name`, from the NHS directory (a sandbox list outside production). */
export function searchGpPractices(name: string): Promise<{ practices: GpPracticeSummary[] }> {
  return apiGet('/shop-api/gp-practices', { name });
}

/** GET /shop-api/gp-practices/{odsCode}: the practice chosen, with its address. */
export function fetchGpPractice(odsCode: string): Promise<GpPractice> {
  return apiGet(`/shop-api/gp-practices/${encodeURIComponent(odsCode)}`);
}

export function useSubmitGpInfo() {
  return useMutation({
    mutationFn: async (info: PatientGpInfo) => {
      try {
        await apiRequest<unknown>('/shop-api/customers/patient-gp-info', { method: 'POST', body: info });
      } catch (error) {
        if (isApiError(error) && error.status === 409) return;
        throw error;
      }
    },
  });
}

export interface PhotoUploadReply {
  uploads: { id: string; url: string }[];
  task?: Task | null;
}

export interface PhotoUpload {
  category: PhotoCategory;
  name: string;
  /** The cropped photo as a data URL; it is sent as a file part of a multipart form. */
  dataUrl: string;
  fileName: string;
  taskId: string | null;
  onProgress: (percentage: number) => void;
}

const UPLOAD_FAILED = 'Your photo did not upload. Please check your connection and try again.';

/** The bytes of a base64 data URL, as the canvas crop produces it. */
export function blobOf(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const type = /^data:([^;,]+)/.exec(dataUrl)?.[1] ?? 'application/octet-stream';
  const binary = atob(dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type });
}

/**
 * XMLHttpRequest rather than fetch: only it reports how much of the request body has gone (the percentage). Like
 * every other call, a 401 refreshes the session once and sends the photo again.
 */
export async function uploadPhoto(upload: PhotoUpload): Promise<PhotoUploadReply> {
  try {
    return await sendPhoto(upload);
  } catch (error) {
    if (!(isApiError(error) && mayRefreshAfter(photoUploadPath(upload.category), error.status) && (await refreshSession()))) throw error;
    return sendPhoto(upload);
  }
}

function sendPhoto({ category, name, dataUrl, fileName, taskId, onProgress }: PhotoUpload): Promise<PhotoUploadReply> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', photoUploadPath(category));
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(uploadPercentage(event.loaded, event.total));
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', UPLOAD_FAILED));
    request.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        payload = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(100);
        resolve(payload as PhotoUploadReply);
        return;
      }
      const body = payload as { code?: unknown; message?: unknown } | undefined;
      if (body && typeof body.code === 'string' && typeof body.message === 'string') {
        reject(new ApiError(request.status, body.code, body.message));
      } else {
        reject(new ApiError(request.status, 'HTTP_ERROR', UPLOAD_FAILED));
      }
    };
    // Fields before the photo, so the server knows what it is for before the bytes arrive; the browser sets the
    // multipart Content-Type with its boundary.
    const form = new FormData();
    form.append('name', name);
    if (taskId) form.append('taskId', taskId);
    form.append('attachments', blobOf(dataUrl), fileName);
    request.send(form);
  });
}
