import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswersByGroup, QuizState } from '@elmwood/domain';
import { quizKeys, saveStep } from './api';

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
      const path = `/shop-api/medical-history-for-groups-by-slug/${slug}?${taskId ? `taskId=${encodeURIComponent(taskId)}` : 'allowRecommendations=1'}`;
      const sent = await sendOrKeep<QuizState>({ account, label: `Answers to ‘${stepName}’`, path, method: 'PATCH', body: answers });
      return sent.kept ? KEPT_OFFLINE : sent.reply;
    },
    onSuccess: (reply) => {
      if (!('kept' in reply)) client.setQueryData(quizKeys.state(slug, taskId), reply);
    },
  });
}
