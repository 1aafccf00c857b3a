import { TEXT_ANSWER_MAX } from '@elmwood/domain';
import { answerFieldName } from '../formAnswers';
import type { QuestionInputProps } from './types';

/** textarea: free text, labelled by the question, with the question's placeholder. */
export function TextQuestion({ question, value, onChange, labelId, errorId }: QuestionInputProps) {
  return (
    <textarea
      id={`q-${question.id}`}
      name={answerFieldName(question.id)}
      className="quiz-textarea"
      aria-labelledby={labelId}
      aria-describedby={errorId}
      aria-invalid={errorId ? true : undefined}
      rows={4}
      maxLength={TEXT_ANSWER_MAX}
      placeholder={question.placeholder}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
