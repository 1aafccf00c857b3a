import { preloadable } from '../../../lib/preloadable';

/**
 * The rejection screen is its own chunk: only a patient whose answers rule them out sees it. It is fetched once the
 * patient starts answering a step (QuizStepForm), since any step's answers can end in a rejection (a knock-out
 * reads facts gathered across steps; after the last, no treatment may suit), and before a server-rendered
 * rejection is hydrated.
 */
export const rejectionScreen = preloadable(() => import('./RejectionScreen').then((module) => module.RejectionScreen));

export const preloadRejectionScreen = () => void rejectionScreen.preload().catch(() => {});

/** Before a hydration: the rejection screen's code when the server's HTML shows it (on the server, always). */
export async function loadRejectionScreenForHydration(): Promise<void> {
  if (typeof document === 'undefined' || document.querySelector(REJECTION_SCREEN_SELECTOR)) await rejectionScreen.preload();
}

const REJECTION_SCREEN_SELECTOR = '.quiz-rejection';
