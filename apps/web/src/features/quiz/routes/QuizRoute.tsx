import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  allQuestions,
  isAnswered,
  QUESTIONNAIRE_STEP_SUBMITTED,
  rejectionQuestionIndex,
  stepCounterText,
  stepNumberOfQuestion,
  stepSubmittedType,
  ukToday,
  type Questionnaire,
  type QuizState,
  type Rejection,
} from '@elmwood/domain';
import { isApiError } from '../../../lib/api';
import { SLOW_LOAD_MS } from '../../../lib/config';
import { useAfterDelay } from '../../../lib/useAfterDelay';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import { ProgressBar } from '../../../ui/ProgressBar';
import { sendAnalyticsEvent } from '../../../lib/analytics';
import { preloadable } from '../../../lib/preloadable';
import { useMe } from '../../auth';
import { isQuizSlug, useQuestionnaire, useQuizState } from '../api';
import { keepsStepsOffline } from '../submitStep';
import { QuizStepForm } from '../components/QuizStepForm';
import { loadInputsForHydration } from '../components/questionInputs';
import { loadRejectionScreenForHydration, rejectionScreen } from '../components/lazyRejectionScreen';
import { loadLocalAnswers, rememberQuizLinkOptions, saveLocalAnswers } from '../storage';
import { QUIZ_TAXONS, startingAnswers, stepOutcome } from '../steps';
import { useQuizFormReply } from '../formReply';
import { useHydrating } from '../../../lib/hydration';
import { readPreferredUnit } from '../../../lib/preferred-unit';
import '../quiz.css';

/** The step segment of the rejection screen: /n/{slug}/quiz/rejected?question={1-based question}. */
export const REJECTED_STEP = 'rejected';

/** Before a server-rendered step is hydrated (router.tsx, loadRouteModules): the inputs its questions use, or the rejection screen. */
export async function loadForHydration(): Promise<void> {
  await Promise.all([loadInputsForHydration(), loadRejectionScreenForHydration()]);
}

/** The installed app's link with the device (what waits to be sent, sent when online): its own chunk, for such devices only. */
const OfflineSync = lazy(() => import('../../offline').then((module) => ({ default: module.OfflineSync })));

/**
 * /n/:slug/quiz/:step — the consultation, one step per page; the server decides every outcome. In the installed app
 * (the account area's pages have this already), steps answered offline wait on the device and are listed here.
 */
export function Component() {
  const { slug, step = '1' } = useParams();
  const account = useMe().data?.uid ?? null;
  const hydrating = useHydrating();
  return (
    <>
      {!hydrating && keepsStepsOffline(account) ? (
        <Suspense fallback={null}>
          <OfflineSync account={account} />
        </Suspense>
      ) : null}
      <QuizPage slug={slug} step={step} basePath={`/n/${slug}/quiz`} />
    </>
  );
}

export interface QuizPageProps {
  slug: string | undefined;
  step: string;
  /** Where the steps live: /n/{slug}/quiz, or /account/n/{slug}/quiz for a follow-up questionnaire. */
  basePath: string;
  /** Kept on every step's address (e.g. 'taskId=…' in the account area). */
  keepQuery?: string;
  /** Instead of recommendations: what the last step leads to (the account variant completes its task). */
  onFinished?: (state: QuizState) => ReactNode;
  /** Where Back on the first step goes. */
  exitPath?: string;
  /** The signed-in patient's follow-up task these answers are for: sent with every call, never kept in the browser. */
  taskId?: string;
}

/** The questionnaire at one step: loads it and the saved answers, then runs it (shared by the shop and the account area). */
export function QuizPage({ slug, step, basePath, keepQuery, onFinished, exitPath = '/', taskId }: QuizPageProps) {
  const [search] = useSearchParams();
  const questionnaire = useQuestionnaire(slug, taskId);
  const saved = useQuizState(slug, taskId);
  const slow = useAfterDelay(questionnaire.isPending || saved.isPending, SLOW_LOAD_MS);

  useEffect(() => {
    if (isQuizSlug(slug) && !taskId) rememberQuizLinkOptions(slug, search);
  }, [slug, search, taskId]);

  useDocumentTitle(questionnaire.data?.title ?? 'Online consultation');

  if (!isQuizSlug(slug) || (isApiError(questionnaire.error) && questionnaire.error.isNotFound)) return <QuizNotFound />;
  if (questionnaire.isError) {
    return (
      <div className="container page">
        <LoadStatus status="error" onRetry={() => void questionnaire.refetch()} />
      </div>
    );
  }
  // The server's copy of the answers comes first; when it cannot be read, the copy kept in this browser.
  if (!questionnaire.data || saved.isPending) {
    return (
      <div className="container page">
        <LoadStatus status={slow ? 'slow' : 'loading'} onRetry={() => void questionnaire.refetch()} />
      </div>
    );
  }
  return (
    <Quiz
      key={slug}
      slug={slug}
      step={step}
      questionnaire={questionnaire.data}
      saved={saved.data ?? null}
      stepPath={(segment, query) => `${basePath}/${segment}${joinQuery(query, keepQuery)}`}
      onFinished={onFinished}
      exitPath={exitPath}
      taskId={taskId}
    />
  );
}

function joinQuery(...parts: (string | undefined)[]): string {
  const query = parts.filter(Boolean).join('&');
  return query ? `?${query}` : '';
}

interface QuizProps {
  slug: string;
  step: string;
  questionnaire: Questionnaire;
  saved: QuizState | null;
  stepPath: (segment: string | number, query?: string) => string;
  onFinished?: (state: QuizState) => ReactNode;
  exitPath: string;
  taskId?: string;
}

function Quiz({ slug, step, questionnaire, saved, stepPath, onFinished, exitPath, taskId }: QuizProps) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // A follow-up's answers stay on the server only: this may be a shared device, and the patient is signed in.
  const keepLocally = !taskId;
  const stepId = questionnaire.steps[Number(step) - 1]?.id ?? '';
  const posted = useQuizFormReply(stepId)?.answers;
  const hydrating = useHydrating();
  const [answers, setAnswers] = useState(() =>
    startingAnswers(questionnaire, { ...(keepLocally && !hydrating ? loadLocalAnswers(slug) : {}), ...(saved?.answers ?? {}), ...posted }),
  );
  // A page hydrated from the server's HTML showed the server's copy alone; this browser's copy joins it now, the
  // step's inputs opening again with it (and with the weight unit this browser remembers).
  const [joinedBrowserCopy, setJoinedBrowserCopy] = useState(!hydrating);
  const [revision, setRevision] = useState(0);
  if (!hydrating && !joinedBrowserCopy) {
    setJoinedBrowserCopy(true);
    const local = keepLocally ? loadLocalAnswers(slug) : {};
    if (keepLocally && (readPreferredUnit() !== null || Object.keys(local).some((id) => !isAnswered(saved?.answers[id])))) {
      setAnswers(startingAnswers(questionnaire, { ...local, ...(saved?.answers ?? {}), ...posted }));
      setRevision((current) => current + 1);
    }
  }
  const [finishing, setFinishing] = useState<QuizState | null>(null);
  const account = useMe().data?.uid ?? null;
  // The last step kept offline: what happens next needs the server's decision, once the answers have reached it.
  const [keptLastStep, setKeptLastStep] = useState(false);
  // The rejection this visit produced (the browser's preview, then the server's); a reload reads the server's.
  const [rejection, setRejection] = useState<Rejection | null>(null);
  const today = useMemo(() => ukToday(new Date()), []);
  const total = questionnaire.steps.length;
  const onLastStep = !onFinished && step === String(total);
  useEffect(() => {
    if (onLastStep) preloadFinishingScreen();
  }, [onLastStep]);

  const changeAnswer = (questionId: string, value: unknown) => {
    setAnswers((current) => {
      const next = { ...current, [questionId]: value };
      if (keepLocally) saveLocalAnswers(slug, next);
      return next;
    });
  };

  if (step === REJECTED_STEP) {
    const shown = rejection ?? saved?.rejection ?? null;
    if (!shown) return <Navigate to={stepPath(1)} replace />;
    // The `question` query value is 1-based; REVIEW YOUR ANSWERS opens the step that holds that question.
    const questionIndex = rejectionQuestionIndex(search.toString(), allQuestions(questionnaire).length);
    return (
      <QuizFrame questionnaire={questionnaire} stepNumber={null}>
        <RejectionStep rejection={shown} onReview={() => navigate(stepPath(stepNumberOfQuestion(questionnaire, questionIndex + 1)))} />
      </QuizFrame>
    );
  }

  const stepNumber = Number(step);
  if (!Number.isInteger(stepNumber) || stepNumber < 1 || stepNumber > total) return <Navigate to={stepPath(1)} replace />;
  const current = questionnaire.steps[stepNumber - 1]!;

  if (finishing && onFinished) {
    return <QuizFrame questionnaire={questionnaire} stepNumber={null}>{onFinished(finishing)}</QuizFrame>;
  }
  if (finishing) {
    return (
      <QuizFrame questionnaire={questionnaire} stepNumber={null}>
        <Suspense fallback={<LoadStatus status="loading" />}>
          <finishingScreen.Component slug={slug} onFinish={() => navigate(`/n/${slug}/recommendations`)} />
        </Suspense>
      </QuizFrame>
    );
  }

  const showRejection = (found: Rejection) => {
    setRejection(found);
    navigate(stepPath(REJECTED_STEP, `question=${found.questionIndex}`));
  };

  const onSubmitted = (state: QuizState, stepAnswers: Record<string, unknown>, alreadyRejected: boolean) => {
    setAnswers((current) => {
      const next = { ...current, ...state.answers };
      if (keepLocally) saveLocalAnswers(slug, next);
      return next;
    });
    sendAnalyticsEvent(QUESTIONNAIRE_STEP_SUBMITTED, {
      type: stepSubmittedType(questionnaire.taxon, QUIZ_TAXONS),
      taxon: questionnaire.taxon,
      questionnaire_id: questionnaire.questionnaireId,
      questionnaire_name: questionnaire.title,
      step_id: current.id,
      step_answers: stepAnswers,
      step_name: current.name,
    });
    if (alreadyRejected) {
      // The rejection screen is already showing (same evaluator); keep the server's words for it.
      if (state.rejection) setRejection(state.rejection);
      return;
    }
    if (state.rejection) return showRejection(state.rejection);
    setRejection(null);
    const outcome = stepOutcome(questionnaire, stepNumber, state);
    if (outcome.kind === 'finished') setFinishing(state);
    else if (outcome.kind === 'step') navigate(stepPath(outcome.stepNumber));
  };

  const onKept = (_stepAnswers: Record<string, unknown>, alreadyRejected: boolean) => {
    if (alreadyRejected) return;
    if (stepNumber < total) navigate(stepPath(stepNumber + 1));
    else setKeptLastStep(true);
  };

  return (
    <QuizFrame questionnaire={questionnaire} stepNumber={stepNumber}>
      {keptLastStep ? (
        <p role="status" className="quiz__kept">
          Your answers are kept on this device. We will send them when you are back online; then press Continue again to see what happens next.
        </p>
      ) : null}
      <QuizStepForm
        key={`${current.id}:${revision}`}
        action={taskId ? undefined : stepPath(stepNumber)}
        slug={slug}
        taskId={taskId}
        questionnaire={questionnaire}
        step={current}
        stepNumber={stepNumber}
        answers={answers}
        today={today}
        onChange={changeAnswer}
        onRejected={showRejection}
        onSubmitted={onSubmitted}
        onKept={onKept}
        account={account}
        onBack={() => navigate(stepNumber > 1 ? stepPath(stepNumber - 1) : exitPath)}
      />
    </QuizFrame>
  );
}

/**
 * The rejection screen, in a Suspense boundary of its own only where its code is not yet here: a boundary in the
 * server's HTML would hydrate in a pass of its own, after the page has started. Decided once, so the screen is not
 * started again when its code arrives.
 */
function RejectionStep({ rejection, onReview }: { rejection: Rejection; onReview: () => void }) {
  const [atHand] = useState(rejectionScreen.isLoaded);
  const screen = <rejectionScreen.Component rejection={rejection} onReview={onReview} />;
  return atHand ? screen : <Suspense fallback={<LoadStatus status="loading" />}>{screen}</Suspense>;
}

/** The consultation's frame: its title and, on a step, the step counter ('3 of 9') and progress bar. */
function QuizFrame({ questionnaire, stepNumber, children }: { questionnaire: Questionnaire; stepNumber: number | null; children: ReactNode }) {
  const total = questionnaire.steps.length;
  const counter = stepNumber ? stepCounterText(`stepIndex=${stepNumber}`, total) : null;
  return (
    <div className="quiz container">
      <div className="quiz__head">
        <p className="quiz__title">{questionnaire.title}</p>
        {counter ? <p className="quiz__counter">{counter}</p> : null}
      </div>
      {stepNumber ? (
        <ProgressBar className="quiz__progress" label="Consultation progress" value={stepNumber - 1} max={total} valueText={`Step ${counter}`} />
      ) : null}
      <div className="quiz__body">{children}</div>
    </div>
  );
}

// The screen after the last step (with the recommendations page's programmes) is its own chunk: no step before the
// last needs it. It is fetched while the patient answers the last step.
const finishingScreen = preloadable(() => import('../components/FinishingScreen').then((module) => module.FinishingScreen));
const preloadFinishingScreen = () => void finishingScreen.preload().catch(() => {});

function QuizNotFound() {
  return (
    <div className="container page">
      <EmptyState headingLevel={1} title="We couldn't find that consultation" message="Please choose a consultation from our home page.">
        <a href="/">Back to the home page</a>
      </EmptyState>
    </div>
  );
}
