import { useMutation, useQuery } from '@tanstack/react-query';
import type { SurveyAnswerInput, SurveyStatus } from '@elmwood/domain';
import { apiGet, apiRequest } from '../../lib/api';

export const surveyKeys = { status: ['acquisition-survey'] as const };

/** GET /shop-api/acquisition-survey: the server's done flag. */
export function useSurveyStatus(enabled: boolean) {
  return useQuery({ queryKey: surveyKeys.status, enabled, queryFn: ({ signal }) => apiGet<SurveyStatus>('/shop-api/acquisition-survey', undefined, signal) });
}

/** POST /shop-api/acquisition-survey: the server keeps the first answer, so a retry is harmless. */
export function useSubmitSurvey() {
  return useMutation({ mutationFn: (answer: SurveyAnswerInput) => apiRequest<SurveyStatus>('/shop-api/acquisition-survey', { method: 'POST', body: answer }) });
}
