import { useQuery } from '@tanstack/react-query';
import type { AnswersByGroup, Questionnaire, QuizState } from '@elmwood/domain';
import { apiGet, apiRequest, isApiError } from '../../lib/api';

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
