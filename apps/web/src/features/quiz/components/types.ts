import type { Question } from '@elmwood/domain';

export interface QuestionInputProps {
  question: Question;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Id of the element that names the question (its legend or label). */
  labelId: string;
  /** Id of the question's error message, when one shows. */
  errorId?: string;
}
