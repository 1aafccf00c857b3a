import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export function useQuestionnaire(slug: string | undefined, taskId?: string) {
  return useQuery({
    queryKey: quizKeys.questionnaire(slug ?? '', taskId),
    queryFn: ({ signal }) => apiGet<Questionnaire>(`/shop-api/questionnaires/by-slug/${slug}`, taskQuery(taskId), signal),
    enabled: isQuizSlug(slug),
    staleTime: 5 * 60_000,
  });
}

/** This browser's saved consultation, or null when it has not started one. */
export function useQuizState(slug: string | undefined, taskId?: string) {
  return useQuery({
    queryKey: quizKeys.state(slug ?? '', taskId),
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<QuizState>(`/shop-api/medical-history-by-slug/${slug}`, taskQuery(taskId), signal);
      } catch (error) {
        if (isApiError(error) && error.isNotFound) return null;
        throw error;
      }
    },
    enabled: isQuizSlug(slug),
    staleTime: Infinity,
  });
}

/** Sends one step's answers; the server's reply (its own decision) becomes the quiz state. */
export function useSubmitStep(slug: string, taskId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answers: AnswersByGroup) =>
      apiRequest<QuizState>(`/shop-api/medical-history-for-groups-by-slug/${slug}`, {
        method: 'PATCH',
        query: taskId ? { taskId } : { allowRecommendations: 1 },
        body: answers,
      }),
    onSuccess: (state) => client.setQueryData(quizKeys.state(slug, taskId), state),
  });
}
