import { weekdayName, WEEKDAYS, type DatetimeAnswer } from '@elmwood/domain';
import { Checkbox } from '../../../ui/Checkbox';
import { answerFieldName } from '../formAnswers';
import type { QuestionInputProps } from './types';

function asAnswer(value: unknown): DatetimeAnswer {
  const answer = (value ?? {}) as Partial<DatetimeAnswer>;
  return { period: Array.isArray(answer.period) ? answer.period : [], day: Array.isArray(answer.day) ? answer.day : [] };
}

const toggled = <T extends string>(list: readonly T[], item: T) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

/** Times of day from the question's answers, and days of the week: two lists of checkboxes, answered as {period, day}. */
export function DatetimeQuestion({ question, value, onChange, errorId }: QuestionInputProps) {
  const answer = asAnswer(value);
  const update = (next: DatetimeAnswer) => onChange(next.period.length === 0 && next.day.length === 0 ? null : next);
  return (
    <div className="datetime-question">
      <fieldset className="quiz-subgroup">
        <legend className="quiz-subgroup__legend">Time of day</legend>
        <div className="quiz-options">
          {question.answers.map((option) => (
            <Checkbox
              key={option.value}
              variant="card"
              name={answerFieldName(question.id, 'period')}
              label={option.text}
              value={option.value}
              checked={answer.period.includes(option.value)}
              onChange={() => update({ ...answer, period: toggled(answer.period, option.value) })}
              aria-describedby={errorId}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="quiz-subgroup">
        <legend className="quiz-subgroup__legend">Days of the week</legend>
        <div className="quiz-options quiz-options--columns">
          {WEEKDAYS.map((day) => (
            <Checkbox
              key={day}
              variant="card"
              name={answerFieldName(question.id, 'day')}
              label={weekdayName(day)}
              value={day}
              checked={answer.day.includes(day)}
              onChange={() => update({ ...answer, day: toggled(answer.day, day) })}
              aria-describedby={errorId}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}
