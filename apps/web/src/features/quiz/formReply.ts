import { createContext, useContext } from 'react';

/**
 * The server's answer to a step posted as a plain form (before the app's script ran) that could not go on:
 * the step's answers as posted and the messages to show, so the page shows them as the app would have.
 */
export interface QuizFormReply {
  stepId: string;
  answers: Record<string, unknown>;
  errors: Record<string, string>;
  /** The message of a failure that is not about one question (the server could not save). */
  message: string | null;
}

export const QuizFormReplyContext = createContext<QuizFormReply | null>(null);

/** The posted step's reply, when it is for this step. */
export function useQuizFormReply(stepId: string): QuizFormReply | null {
  const reply = useContext(QuizFormReplyContext);
  return reply?.stepId === stepId ? reply : null;
}
