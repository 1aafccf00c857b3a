import { WEEKDAYS, type DatetimeAnswer } from '@elmwood/domain';
import type { QuestionInputProps } from './types';

const DAY_NAMES: Record<(typeof WEEKDAYS)[number], string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

function asAnswer(value: unknown): DatetimeAnswer {
  const answer = (value ?? {}) as Partial<DatetimeAnswer>;
  return { period: Array.isArray(answer.period) ? answer.period : [], day: Array.isArray(answer.day) ? answer.day : [] };
}

/** Times of day from the question's answers, and days of the week: two lists of checkboxes. */
export function DatetimeQuestion({ question, value, onChange, errorId }: QuestionInputProps) {
  const answer = asAnswer(value);
  const update = (next: DatetimeAnswer) => onChange(next.period.length === 0 && next.day.length === 0 ? null : next);
  const toggle = <T extends string>(list: T[], item: T) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);
  return (
    <div className="datetime-question">
      <fieldset className="quiz-subgroup">
        <legend className="quiz-subgroup__legend">Time of day</legend>
        <div className="checkbox-list">
          {question.answers.map((option) => (
            <label key={option.value} className="checkbox-row">
              <input
                type="checkbox"
                checked={answer.period.includes(option.value)}
                onChange={() => update({ ...answer, period: toggle(answer.period, option.value) })}
                aria-describedby={errorId}
              />
              <span>{option.text}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="quiz-subgroup">
        <legend className="quiz-subgroup__legend">Days of the week</legend>
        <div className="checkbox-list checkbox-list--days">
          {WEEKDAYS.map((day) => (
            <label key={day} className="checkbox-row">
              <input type="checkbox" checked={answer.day.includes(day)} onChange={() => update({ ...answer, day: toggle(answer.day, day) })} />
              <span>{DAY_NAMES[day]}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
