import { useState, type FormEvent } from 'react';
import type { Questionnaire, QuizState, QuizStep } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { useSubmitStep } from '../api';
import { stepErrors, visibleQuestions } from '../steps';
import { QuestionField } from './QuestionField';

interface QuizStepFormProps {
  slug: string;
  questionnaire: Questionnaire;
  step: QuizStep;
  stepNumber: number;
  answers: Record<string, unknown>;
  today: string;
  onChange: (questionId: string, value: unknown) => void;
  onSubmitted: (state: QuizState, stepAnswers: Record<string, unknown>) => void;
  onBack: () => void;
}

/** One step's questions and its Continue: checked here first, then sent for the server's decision. */
export function QuizStepForm({ slug, questionnaire, step, stepNumber, answers, today, onChange, onSubmitted, onBack }: QuizStepFormProps) {
  const submit = useSubmitStep(slug);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const questions = visibleQuestions(questionnaire, step, answers, today);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = stepErrors(questions, answers);
    setErrors(found);
    const first = questions.find((question) => found[question.id]);
    if (first) {
      document.querySelector<HTMLElement>(`[data-question-id="${first.id}"] input, [data-question-id="${first.id}"] textarea`)?.focus();
      return;
    }
    // Hidden questions are sent as cleared, so a changed answer leaves nothing stale on the server.
    const stepAnswers = Object.fromEntries(step.questions.map((question) => [question.id, questions.includes(question) ? (answers[question.id] ?? null) : null]));
    submit.mutate({ [step.id]: stepAnswers }, { onSuccess: (state) => onSubmitted(state, stepAnswers) });
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
      {submit.isError ? (
        <p className="quiz-error quiz-step__server-error" role="alert">
          {submit.error.message}
        </p>
      ) : null}
      <div className="quiz-step__actions">
        <Button type="submit" size="lg" block loading={submit.isPending}>
          Continue
        </Button>
        <Button variant="link" onClick={onBack}>
          {stepNumber > 1 ? 'Back' : 'Back to the home page'}
        </Button>
      </div>
    </form>
  );
}
