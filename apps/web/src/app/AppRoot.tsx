import { StrictMode, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { QuizFormReplyContext, type QuizFormReply } from '../features/quiz/formReply';
import { useHydrationDone } from '../lib/hydration';
import { AppProviders } from './providers';

function HydrationMarker() {
  useHydrationDone();
  return null;
}

/** The app around its router, the same on the server and in the browser, so hydration finds the tree it rendered. */
export function AppRoot({ client, quizFormReply = null, children }: { client: QueryClient; quizFormReply?: QuizFormReply | null; children: ReactNode }) {
  return (
    <StrictMode>
      <AppProviders client={client}>
        <QuizFormReplyContext.Provider value={quizFormReply}>
          {children}
          <HydrationMarker />
        </QuizFormReplyContext.Provider>
      </AppProviders>
    </StrictMode>
  );
}
