import { useState } from 'react';
import { BIRTHDAY_PLACEHOLDER, formatBirthdayInput } from '@elmwood/domain';
import { answerFieldName, birthdayAnswer } from '../formAnswers';
import type { QuestionInputProps } from './types';

/** '1985-04-12' back to what was typed, '12/04/1985'; typed text that was not yet a date stays as it was. */
function asTyped(value: unknown): string {
  if (typeof value !== 'string') return '';
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.split('-').reverse().join('/') : formatBirthdayInput(value);
}

/**
 * DobType: typed as digits and laid out DD/MM/YYYY by the domain's birthday formatter. The answer is the
 * date as YYYY-MM-DD once it is a real date; until then it is the typed text, which the step refuses with
 * the birthday messages ('Please enter your date of birth', 'Please enter correct date'). The age limits are
 * the consultation's own rules, so they lead to its rejection screen rather than an error here.
 */
export function DateOfBirthQuestion({ question, value, onChange, labelId, errorId, autoComplete = 'bday' }: QuestionInputProps & { autoComplete?: string }) {
  const [typed, setTyped] = useState(() => asTyped(value));
  return (
    <input
      id={`q-${question.id}`}
      name={answerFieldName(question.id)}
      className="quiz-input quiz-input--date"
      inputMode="numeric"
      autoComplete={autoComplete}
      aria-labelledby={labelId}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      placeholder={question.placeholder ?? BIRTHDAY_PLACEHOLDER}
      value={typed}
      onChange={(event) => {
        setTyped(formatBirthdayInput(event.target.value));
        onChange(birthdayAnswer(event.target.value));
      }}
    />
  );
}
