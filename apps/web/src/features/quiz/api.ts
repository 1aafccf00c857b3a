import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswersByGroup, Questionnaire, QuizState } from '@elmwood/domain';
import { apiGet, apiRequest, isApiError } from '../../lib/api';

const SLUG_PATTERN = /^[a-z0-9-]{1,80}$/;
export const isQuizSlug = (slug: string | undefined): slug is string => slug !== undefined && SLUG_PATTERN.test(slug);

export const quizKeys = {
  questionnaire: (slug: string) => ['quiz', 'questionnaire', slug] as const,
  state: (slug: string) => ['quiz', 'state', slug] as const,
};

export function useQuestionnaire(slug: string | undefined) {
  return useQuery({
    queryKey: quizKeys.questionnaire(slug ?? ''),
    queryFn: ({ signal }) => apiGet<Questionnaire>(`/shop-api/questionnaires/by-slug/${slug}`, undefined, signal),
    enabled: isQuizSlug(slug),
    staleTime: 5 * 60_000,
  });
}

/** This browser's saved consultation, or null when it has not started one. */
export function useQuizState(slug: string | undefined) {
  return useQuery({
    queryKey: quizKeys.state(slug ?? ''),
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<QuizState>(`/shop-api/medical-history-by-slug/${slug}`, undefined, signal);
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
export function useSubmitStep(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answers: AnswersByGroup) =>
      apiRequest<QuizState>(`/shop-api/medical-history-for-groups-by-slug/${slug}`, {
        method: 'PATCH',
        query: { allowRecommendations: 1 },
        body: answers,
      }),
    onSuccess: (state) => client.setQueryData(quizKeys.state(slug), state),
  });
}

export { sendAnalyticsEvent } from '../../lib/analytics';
