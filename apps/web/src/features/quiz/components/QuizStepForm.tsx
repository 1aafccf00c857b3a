import { useState, type FormEvent } from 'react';
import { evaluateConsultation, type Questionnaire, type QuizState, type QuizStep, type Rejection } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { invalidAnswer } from '../api';
import { useSubmitStep } from '../submitStep';
import { useQuizFormReply } from '../formReply';
import { answersThroughStep, stepSubmission } from '../steps';
import { QuestionField } from './QuestionField';
import { preloadAllInputs } from './questionInputs';
import { preloadRejectionScreen } from './lazyRejectionScreen';

interface QuizStepFormProps {
  slug: string;
  /** The follow-up task these answers are for (account area). */
  taskId?: string;
  questionnaire: Questionnaire;
  step: QuizStep;
  stepNumber: number;
  answers: Record<string, unknown>;
  today: string;
  onChange: (questionId: string, value: unknown) => void;
  /** The browser's own evaluation already rules the patient out: show the rejection without waiting. */
  onRejected: (rejection: Rejection) => void;
  /** The server's reply; `alreadyRejected` when onRejected has been called for this submission. */
  onSubmitted: (state: QuizState, stepAnswers: Record<string, unknown>, alreadyRejected: boolean) => void;
  /** No connection: the step is kept on this device, to be sent when the connection returns. */
  onKept: (stepAnswers: Record<string, unknown>, alreadyRejected: boolean) => void;
  /** The signed-in patient (their uid): the installed app keeps their steps offline. */
  account: string | null;
  onBack: () => void;
  /** Where the step is posted when the app's script has not run yet (the server saves it the same way). */
  action?: string;
}

const SERVER_ERROR_ID = 'quiz-step-server-error';

/**
 * One step's questions and its Continue: checked here first (the domain's checks, the same as the
 * server's), previewed with the same consultation evaluator for instant feedback, then sent for the
 * server's decision. Nothing typed is lost when sending fails.
 */
/**
 * Whatever follows this step, its code is on its way once the patient starts on it: the next step's inputs, or
 * the rejection screen.
 */
const preloadWhatFollows = () => {
  void preloadAllInputs().catch(() => {});
  preloadRejectionScreen();
};

export function QuizStepForm({ slug, taskId, questionnaire, step, stepNumber, answers, today, onChange, onRejected, onSubmitted, onKept, account, onBack, action }: QuizStepFormProps) {
  const submit = useSubmitStep(slug, taskId, { account, stepName: step.name });
  const posted = useQuizFormReply(step.id);
  const [errors, setErrors] = useState<Record<string, string>>(() => posted?.errors ?? {});
  const [postedMessage, setPostedMessage] = useState(() => posted?.message ?? null);
  const { questions, errors: found, stepAnswers } = stepSubmission(questionnaire, step, answers, today);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    setPostedMessage(null);
    setErrors(found);
    const first = questions.find((question) => found[question.id]);
    if (first) {
      document.querySelector<HTMLElement>(`[data-question-id="${first.id}"] :is(input:not([type="hidden"]), textarea)`)?.focus();
      return;
    }
    const preview = evaluateConsultation(questionnaire, answersThroughStep(questionnaire, stepNumber, { ...answers, ...stepAnswers }), today).rejection;
    const request = submit.mutateAsync({ [step.id]: stepAnswers });
    if (preview) onRejected(preview);
    request.then(
      (reply) => ('kept' in reply ? onKept(stepAnswers, preview !== null) : onSubmitted(reply, stepAnswers, preview !== null)),
      (error: unknown) => {
        const invalid = invalidAnswer(error);
        if (invalid && questions.some((question) => question.id === invalid.questionId)) {
          setErrors({ [invalid.questionId]: invalid.message });
        }
      },
    );
  };

  return (
    <form
      className="quiz-step"
      method="post"
      action={action}
      onSubmit={handleSubmit}
      onFocus={preloadWhatFollows}
      onPointerDown={preloadWhatFollows}
      noValidate
      aria-labelledby="quiz-step-title"
    >
      <h1 id="quiz-step-title" className="quiz-step__title">
        {step.name}
      </h1>
      {questions.map((question) => (
        <QuestionField
          key={question.id}
          question={question}
          value={answers[question.id]}
          onChange={(value) => {
            onChange(question.id, value);
            if (errors[question.id]) setErrors(({ [question.id]: _fixed, ...rest }) => rest);
          }}
          error={errors[question.id]}
        />
      ))}
      <div className="quiz-step__actions">
        <ErrorMessage id={SERVER_ERROR_ID} className="quiz-step__server-error">
          {submit.isError ? submit.error.message : postedMessage}
        </ErrorMessage>
        <Button type="submit" size="lg" block loading={submit.isPending} aria-describedby={submit.isError || postedMessage ? SERVER_ERROR_ID : undefined}>
          Continue
        </Button>
        <Button variant="link" onClick={onBack}>
          {stepNumber > 1 ? 'Back' : 'Back to the home page'}
        </Button>
      </div>
    </form>
  );
}
