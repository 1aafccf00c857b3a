import { useState, type FormEvent } from 'react';
import { evaluateConsultation, type Questionnaire, type QuizState, type QuizStep, type Rejection } from '@elmwood/domain';
import { isApiError } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { useSubmitStep } from '../api';
import { answersThroughStep, stepErrors, visibleQuestions } from '../steps';
import { QuestionField } from './QuestionField';

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
  onBack: () => void;
}

const SERVER_ERROR_ID = 'quiz-step-server-error';

/** The question id an INVALID_ANSWER reply names, with its message. */
function invalidAnswer(error: unknown): { questionId: string; message: string } | null {
  if (!isApiError(error) || error.code !== 'INVALID_ANSWER') return null;
  const details = error.details as { questionId?: unknown; message?: unknown } | undefined;
  return typeof details?.questionId === 'string' ? { questionId: details.questionId, message: typeof details.message === 'string' ? details.message : error.message } : null;
}

/**
 * One step's questions and its Continue: checked here first (the domain's checks, the same as the
 * server's), previewed with the same consultation evaluator for instant feedback, then sent for the
 * server's decision. Nothing typed is lost when sending fails.
 */
export function QuizStepForm({ slug, taskId, questionnaire, step, stepNumber, answers, today, onChange, onRejected, onSubmitted, onBack }: QuizStepFormProps) {
  const submit = useSubmitStep(slug, taskId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const questions = visibleQuestions(questionnaire, step, answers, today);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const found = stepErrors(questions, answers, today);
    setErrors(found);
    const first = questions.find((question) => found[question.id]);
    if (first) {
      document.querySelector<HTMLElement>(`[data-question-id="${first.id}"] :is(input, textarea)`)?.focus();
      return;
    }
    // Hidden questions are sent as cleared, so a changed answer leaves nothing stale on the server.
    const stepAnswers = Object.fromEntries(step.questions.map((question) => [question.id, questions.includes(question) ? (answers[question.id] ?? null) : null]));
    const preview = evaluateConsultation(questionnaire, answersThroughStep(questionnaire, stepNumber, { ...answers, ...stepAnswers }), today).rejection;
    const request = submit.mutateAsync({ [step.id]: stepAnswers });
    if (preview) onRejected(preview);
    request.then(
      (state) => onSubmitted(state, stepAnswers, preview !== null),
      (error: unknown) => {
        const invalid = invalidAnswer(error);
        if (invalid && questions.some((question) => question.id === invalid.questionId)) {
          setErrors({ [invalid.questionId]: invalid.message });
        }
      },
    );
  };

  return (
    <form className="quiz-step" onSubmit={handleSubmit} noValidate aria-labelledby="quiz-step-title">
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
          {submit.isError ? submit.error.message : null}
        </ErrorMessage>
        <Button type="submit" size="lg" block loading={submit.isPending} aria-describedby={submit.isError ? SERVER_ERROR_ID : undefined}>
          Continue
        </Button>
        <Button variant="link" onClick={onBack}>
          {stepNumber > 1 ? 'Back' : 'Back to the home page'}
        </Button>
      </div>
    </form>
  );
}
