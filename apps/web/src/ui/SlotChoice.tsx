import { formatCallDay, ukTimeOfDay } from '@elmwood/domain';
import './SlotChoice.css';

export interface SlotDay {
  date: string;
  slots: readonly { start: string }[];
}

interface SlotChoiceProps {
  days: readonly SlotDay[];
  day: string | null;
  start: string | null;
  /** A new day clears the time chosen on the last one. */
  onDay(day: string): void;
  onStart(start: string): void;
}

/** A bookable time as two radio groups, a day and then a time on it, in UK time (coach calls, video consultations). */
export function SlotChoice({ days, day, start, onDay, onStart }: SlotChoiceProps) {
  const chosenDay = days.find((entry) => entry.date === day) ?? null;
  return (
    <>
      <fieldset className="slot-choice">
        <legend>Choose a day</legend>
        {days.map((entry) => (
          <label key={entry.date} className="slot-option">
            <input type="radio" name="day" value={entry.date} checked={day === entry.date} onChange={() => onDay(entry.date)} />
            <span>{formatCallDay(entry.date)}</span>
          </label>
        ))}
      </fieldset>
      {chosenDay ? (
        <fieldset className="slot-choice">
          <legend>Choose a time on {formatCallDay(chosenDay.date)} (UK time)</legend>
          {chosenDay.slots.map((slot) => (
            <label key={slot.start} className="slot-option slot-option--time">
              <input type="radio" name="time" value={slot.start} checked={start === slot.start} onChange={() => onStart(slot.start)} />
              <span>{ukTimeOfDay(new Date(slot.start))}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
    </>
  );
}
