import { useState } from 'react';
import { BIRTHDAY_PLACEHOLDER, BIRTHDAY_UNPARSEABLE_MESSAGE, formatBirthdayInput, parseBirthday } from '@elmwood/domain';
import type { QuestionInputProps } from './types';

const asTyped = (iso: unknown) => (typeof iso === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.split('-').reverse().join('/') : '');

/**
 * Typed as DD/MM/YYYY (digits only, slashes added), answered as YYYY-MM-DD once it is a real date.
 * The age limits are the consultation's own rules, so they lead to its rejection screen, not an error here.
 */
export function DateOfBirthQuestion({ question, value, onChange, labelId, errorId }: QuestionInputProps) {
  const [typed, setTyped] = useState(() => asTyped(value));
  const complete = typed.replace(/\D/g, '').length === 8;
  const invalid = complete && parseBirthday(typed) === null;
  const messageId = `q-${question.id}-date-error`;
  return (
    <div className="quiz-field">
      <input
        id={`q-${question.id}`}
        className="quiz-input"
        inputMode="numeric"
        autoComplete="bday"
        aria-labelledby={labelId}
        aria-invalid={invalid || undefined}
        aria-describedby={[invalid ? messageId : null, errorId].filter(Boolean).join(' ') || undefined}
        placeholder={question.placeholder ?? BIRTHDAY_PLACEHOLDER}
        value={typed}
        onChange={(event) => {
          const next = formatBirthdayInput(event.target.value);
          setTyped(next);
          onChange(parseBirthday(next));
        }}
      />
      {invalid ? (
        <p id={messageId} className="quiz-error" role="alert">
          {BIRTHDAY_UNPARSEABLE_MESSAGE}
        </p>
      ) : null}
    </div>
  );
}
