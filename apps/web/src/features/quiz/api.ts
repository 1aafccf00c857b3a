import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswersByGroup, Questionnaire, QuizState } from '@elmwood/domain';
import { apiGet, apiRequest, buildUrl, isApiError } from '../../lib/api';

const SLUG_PATTERN = /^[a-z0-9-]{1,80}$/;
export const isQuizSlug = (slug: string | undefined): slug is string => slug !== undefined && SLUG_PATTERN.test(slug);

export const quizKeys = {
  questionnaire: (slug: string, taskId?: string) => ['quiz', 'questionnaire', slug, taskId ?? null] as const,
  state: (slug: string, taskId?: string) => ['quiz', 'state', slug, taskId ?? null] as const,
};

/** A follow-up questionnaire is answered for one task of the signed-in patient (?taskId on every call). */
const taskQuery = (taskId?: string) => (taskId ? { taskId } : undefined);

export const fetchQuestionnaire = (slug: string, taskId?: string, signal?: AbortSignal) =>
  apiGet<Questionnaire>(`/shop-api/questionnaires/by-slug/${slug}`, taskQuery(taskId), signal);

/** This browser's saved consultation, or null when it has not started one. */
export async function fetchQuizState(slug: string, taskId?: string, signal?: AbortSignal): Promise<QuizState | null> {
  try {
    return await apiGet<QuizState>(`/shop-api/medical-history-by-slug/${slug}`, taskQuery(taskId), signal);
  } catch (error) {
    if (isApiError(error) && error.isNotFound) return null;
    throw error;
  }
}

/** Saves one step's answers; the reply is the server's own decision. */
export const saveStep = (slug: string, answers: AnswersByGroup, taskId?: string) =>
  apiRequest<QuizState>(`/shop-api/medical-history-for-groups-by-slug/${slug}`, {
    method: 'PATCH',
    query: taskId ? { taskId } : { allowRecommendations: 1 },
    body: answers,
  });

/** The question id an INVALID_ANSWER reply names, with its message. */
export function invalidAnswer(error: unknown): { questionId: string; message: string } | null {
  if (!isApiError(error) || error.code !== 'INVALID_ANSWER') return null;
  const details = error.details as { questionId?: unknown; message?: unknown } | undefined;
  return typeof details?.questionId === 'string' ? { questionId: details.questionId, message: typeof details.message === 'string' ? details.message : error.message } : null;
}

export function useQuestionnaire(slug: string | undefined, taskId?: string) {
  return useQuery({
    queryKey: quizKeys.questionnaire(slug ?? '', taskId),
    queryFn: ({ signal }) => fetchQuestionnaire(slug!, taskId, signal),
    enabled: isQuizSlug(slug),
    staleTime: 5 * 60_000,
  });
}

export function useQuizState(slug: string | undefined, taskId?: string) {
  return useQuery({
    queryKey: quizKeys.state(slug ?? '', taskId),
    queryFn: ({ signal }) => fetchQuizState(slug!, taskId, signal),
    enabled: isQuizSlug(slug),
    staleTime: Infinity,
  });
}

/** A step kept on the device to send when the connection returns (the installed app, offline). */
export const KEPT_OFFLINE = { kept: true } as const;
export type StepReply = QuizState | typeof KEPT_OFFLINE;

/** Whether this device keeps changes made offline: under the app's service worker, for a signed-in patient. */
export const keepsStepsOffline = (account: string | null): account is string =>
  account !== null && typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);

/**
 * Sends one step's answers; the server's reply (its own decision) becomes the quiz state. In the installed app, a
 * step answered without a connection is kept on the device with an Idempotency-Key and sent, in order, when the
 * connection returns (features/offline); the offline code loads only on such a device.
 */
export function useSubmitStep(slug: string, taskId: string | undefined, keeping: { account: string | null; stepName: string }) {
  const client = useQueryClient();
  const { account, stepName } = keeping;
  const keeps = keepsStepsOffline(account);
  return useMutation({
    networkMode: keeps ? 'offlineFirst' : 'online',
    mutationFn: async (answers: AnswersByGroup): Promise<StepReply> => {
      if (!keepsStepsOffline(account)) return saveStep(slug, answers, taskId);
      const { sendOrKeep } = await import('../offline');
      const path = buildUrl(`/shop-api/medical-history-for-groups-by-slug/${slug}`, taskId ? { taskId } : { allowRecommendations: 1 });
      const sent = await sendOrKeep<QuizState>({ account, label: `Answers to ‘${stepName}’`, path, method: 'PATCH', body: answers });
      return sent.kept ? KEPT_OFFLINE : sent.reply;
    },
    onSuccess: (reply) => {
      if (!('kept' in reply)) client.setQueryData(quizKeys.state(slug, taskId), reply);
    },
  });
}
