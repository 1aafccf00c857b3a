import { AsyncLocalStorage } from 'node:async_hooks';
import { JSDOM } from 'jsdom';
import { renderToString } from 'react-dom/server';
import { matchPath, StaticRouter } from 'react-router';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { ukToday } from '@elmwood/domain';
import { AppRoot } from './app/AppRoot';
import { createQueryClient } from './app/queryClient';
import { scriptSafeJson, SSR_DATA_ID, type SsrData } from './app/ssrData';
import { fetchQuestionnaire, fetchQuizState, invalidAnswer, isQuizSlug, saveStep } from './features/quiz/api';
import { answersFromForm } from './features/quiz/formAnswers';
import type { QuizFormReply } from './features/quiz/formReply';
import { startingAnswers, stepOutcome, stepSubmission } from './features/quiz/steps';
import { isApiError, setApiTransport } from './lib/api';
import { readServerCookiesWith } from './lib/cookies';
import { serverCodeLoaded } from './lib/hydrateWhenSeen';
import { AppRoutes, loadRouteModules } from './router';
import { loadSanitizer, renderCollectingSanitised } from './ui/SafeHtml';
import { sanitizeWithin } from './ui/sanitizeHtml';

/**
 * The shop's entry pages rendered on the server, per request, with their data (the API server loads this module,
 * built by `vite build --ssr`). The page's own queries say what it needs: it is rendered, the queries it asked for
 * are fetched from the API in-process for this visitor, and it is rendered again until it asks for nothing new. A
 * plain renderToString, not streaming: every query must be answered before the page is worth sending (the LCP
 * element is the data), the API answers in-process within milliseconds, and a whole page can still fall back to
 * the browser-rendered one when anything fails.
 */
export const SERVER_RENDERED_PATHS = ['/', '/products/:slug', '/n/:slug/quiz/:step', '/n/:slug/recommendations', '/n/:slug/order'] as const;
const QUIZ_STEP_PATH = '/n/:slug/quiz/:step';
/** Rounds of render-then-fetch: a page whose queries depend on others' answers asks for them in a later round. */
const MAX_DATA_ROUNDS = 4;
/** renderToString's mark of a Suspense boundary whose content was not ready: the browser renders it afresh. */
const SUSPENDED_BOUNDARY = '<!--$!-->';

/** One call to the shop's API for the visitor whose page is rendered. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

export interface RenderedPage {
  /** What goes inside #root. */
  html: string;
  /** The page's data for hydration: a <script type="application/json"> to follow #root. */
  dataScript: string;
}

/** Whose page is being rendered: their calls to the API, and the Cookie header their request came with. */
interface Visitor {
  api: ApiTransport;
  cookies: string;
}

const visitor = new AsyncLocalStorage<Visitor>();
setApiTransport((url, init) => {
  const current = visitor.getStore();
  if (!current) throw new Error(`${url} was called outside a server render`);
  return current.api(url, init);
});
readServerCookiesWith(() => visitor.getStore()?.cookies ?? '');

// The catalogue's and questionnaire's markup is sanitised as in the browser, by the same library, in a window of
// its own: the HTML the page is hydrated over is the HTML the browser would have made.
sanitizeWithin(new JSDOM('').window);
// Loaded before the first page, so every server render shows the sanitised markup rather than its loading state.
await loadSanitizer();

export function isServerRendered(pathname: string): boolean {
  return SERVER_RENDERED_PATHS.some((pattern) => matchPath(pattern, pathname) !== null);
}

/** The page at `url` (path and query) with its data, or null for a page the browser renders alone. */
export function renderPage(url: string, api: ApiTransport, cookies = ''): Promise<RenderedPage | null> {
  const { pathname } = new URL(url, 'http://shop.invalid');
  if (!isServerRendered(pathname)) return Promise.resolve(null);
  return visitor.run({ api, cookies }, () => render(url, null));
}

async function render(url: string, quizFormReply: QuizFormReply | null): Promise<RenderedPage | null> {
  // The code the browser loads before hydrating (a route's loadForHydration), so both render the same tree.
  await loadRouteModules(new URL(url, 'http://shop.invalid').pathname);
  await serverCodeLoaded();
  const queryClient = createQueryClient();
  const page = () =>
    renderToString(
      <AppRoot client={queryClient} quizFormReply={quizFormReply}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppRoot>,
    );
  try {
    for (let round = 0; round < MAX_DATA_ROUNDS; round += 1) {
      const suspended = page().includes(SUSPENDED_BOUNDARY);
      const wanted = queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'pending' && isEnabled(query) });
      if (wanted.length === 0 && !suspended) break;
      // A lazy component's code still loading renders its fallback, which the browser would render over: wait a turn.
      await Promise.all([...wanted.map((query) => query.fetch().catch(() => undefined)), new Promise((resolve) => setImmediate(resolve))]);
    }
    // What failed, or was not fetched, shows loading as the browser's first render will, and is asked for again there.
    forgetUnanswered(queryClient);
    const { html, sanitised } = renderCollectingSanitised(page);
    const data: SsrData = { queries: dehydrate(queryClient), quizFormReply, sanitised };
    return { html, dataScript: `<script type="application/json" id="${SSR_DATA_ID}">${scriptSafeJson(data)}</script>` };
  } finally {
    // The cache's garbage-collection timers would otherwise hold every rendered page for minutes.
    queryClient.clear();
  }
}

function isEnabled(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

function forgetUnanswered(client: QueryClient): void {
  const cache = client.getQueryCache();
  for (const query of cache.findAll({ predicate: (query) => query.state.status !== 'success' })) cache.remove(query);
}

/** The answer to a quiz step posted as a plain form: where to go next, or the step again with its messages. */
export type QuizStepPostResult = { redirect: string } | { status: 422; page: RenderedPage | null };

/**
 * A quiz step posted before the app's script ran: read as the step's components would have read it, checked with
 * the step's own checks, and saved through the same API call the app makes, so the server's rules decide.
 * Null when the address is not a consultation step.
 */
export function submitQuizStep(url: string, form: URLSearchParams, api: ApiTransport, cookies = ''): Promise<QuizStepPostResult | null> {
  const { pathname } = new URL(url, 'http://shop.invalid');
  const match = matchPath(QUIZ_STEP_PATH, pathname);
  const slug = match?.params.slug;
  if (!match || !isQuizSlug(slug)) return Promise.resolve(null);
  const stepPath = (step: number | string) => `/n/${slug}/quiz/${step}`;
  return visitor.run({ api, cookies }, async (): Promise<QuizStepPostResult | null> => {
    const questionnaire = await fetchQuestionnaire(slug).catch((error: unknown) => {
      if (isApiError(error) && error.isNotFound) return null;
      throw error;
    });
    if (!questionnaire) return null;
    const stepNumber = Number(match.params.step);
    const step = questionnaire.steps[stepNumber - 1];
    if (!step) return { redirect: stepPath(1) };
    const saved = await fetchQuizState(slug);
    const posted = answersFromForm(step.questions, form);
    const today = ukToday(new Date());
    const { errors, stepAnswers } = stepSubmission(questionnaire, step, startingAnswers(questionnaire, { ...(saved?.answers ?? {}), ...posted }), today);
    const again = async (reply: Omit<QuizFormReply, 'stepId' | 'answers'>): Promise<QuizStepPostResult> => ({
      status: 422,
      page: await render(url, { stepId: step.id, answers: posted, ...reply }),
    });
    if (Object.keys(errors).length > 0) return again({ errors, message: null });
    try {
      const state = await saveStep(slug, { [step.id]: stepAnswers });
      const outcome = stepOutcome(questionnaire, stepNumber, state);
      if (outcome.kind === 'rejected') return { redirect: `${stepPath('rejected')}?question=${outcome.questionIndex}` };
      if (outcome.kind === 'step') return { redirect: stepPath(outcome.stepNumber) };
      return { redirect: `/n/${slug}/recommendations` };
    } catch (error) {
      const invalid = invalidAnswer(error);
      if (invalid && step.questions.some((question) => question.id === invalid.questionId)) return again({ errors: { [invalid.questionId]: invalid.message }, message: null });
      if (isApiError(error)) return again({ errors: {}, message: error.message });
      throw error;
    }
  });
}
