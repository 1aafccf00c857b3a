import { COUNT_ANSWER_MAX } from '@elmwood/domain';
import { answerFieldName, countAnswer } from '../formAnswers';
import type { QuestionInputProps } from './types';

/** CountType: a whole number typed in one box (how many doses were missed), labelled by the question. */
export function CountQuestion({ question, value, onChange, labelId, errorId }: QuestionInputProps) {
  return (
    <input
      id={`q-${question.id}`}
      name={answerFieldName(question.id)}
      className="quiz-input quiz-input--count"
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={String(COUNT_ANSWER_MAX).length}
      aria-labelledby={labelId}
      aria-describedby={errorId}
      aria-invalid={errorId ? true : undefined}
      value={typeof value === 'number' ? String(value) : typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(countAnswer(event.target.value))}
    />
  );
}
