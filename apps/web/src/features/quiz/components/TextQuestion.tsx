import { TEXT_ANSWER_MAX } from '@elmwood/domain';
import type { QuestionInputProps } from './types';

export function TextQuestion({ question, value, onChange, labelId, errorId }: QuestionInputProps) {
  return (
    <textarea
      id={`q-${question.id}`}
      className="quiz-textarea"
      aria-labelledby={labelId}
      aria-describedby={errorId}
      rows={4}
      maxLength={TEXT_ANSWER_MAX}
      placeholder={question.placeholder}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
