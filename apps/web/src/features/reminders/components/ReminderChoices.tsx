import { useId } from 'react';
import {
  REMINDER_CHANNEL_LABELS,
  REMINDER_CHANNELS,
  REMINDER_FREQUENCIES,
  REMINDER_FREQUENCY_LABELS,
  REMINDER_HOURS,
  REMINDER_MINUTES,
  REMINDER_WEEKDAYS,
  SUGGESTED_DAYS_HINT,
  WEEKDAY_LABELS,
  type ReminderFrequency,
  type ReminderSettings,
  type Weekday,
} from '@elmwood/domain';
import { Checkbox } from '../../../ui/Checkbox';
import { AppNotificationsSetup } from '../../app-notifications';
import { RadioCards } from '../../../ui/RadioCards';

interface ChoiceProps {
  settings: ReminderSettings;
  onChange: (settings: ReminderSettings) => void;
}

const pad = (value: number) => String(value).padStart(2, '0');

export function ChannelChoice({ settings, onChange }: ChoiceProps) {
  const id = useId();
  return (
    <fieldset className="reminder-fieldset">
      <legend id={id}>How should we remind you?</legend>
      <RadioCards
        name={`${id}-channel`}
        aria-labelledby={id}
        options={REMINDER_CHANNELS.map((channel) => ({ value: channel, label: REMINDER_CHANNEL_LABELS[channel] }))}
        value={settings.selectedChannel}
        onChange={(value) => onChange({ ...settings, selectedChannel: value as ReminderSettings['selectedChannel'] })}
      />
      {settings.selectedChannel === 'push' ? <AppNotificationsSetup /> : null}
    </fieldset>
  );
}

const WEEKLY = 'weekly';

/** Every week on chosen days, or every 1, 2 or 3 months (SPEC §3: type weekly or periodic). */
export function RepeatChoice({ settings, onChange }: ChoiceProps) {
  const id = useId();
  return (
    <fieldset className="reminder-fieldset">
      <legend id={id}>How often?</legend>
      <RadioCards
        name={`${id}-repeat`}
        aria-labelledby={id}
        layout="grid"
        options={[{ value: WEEKLY, label: 'Every week' }, ...REMINDER_FREQUENCIES.map((frequency) => ({ value: String(frequency), label: REMINDER_FREQUENCY_LABELS[frequency] }))]}
        value={settings.type === 'weekly' ? WEEKLY : String(settings.selectedFrequency)}
        onChange={(value) =>
          onChange(value === WEEKLY ? { ...settings, type: 'weekly' } : { ...settings, type: 'periodic', selectedFrequency: Number(value) as ReminderFrequency })
        }
      />
    </fieldset>
  );
}

/** `suggested`: the days shown are SPEC's defaults, pre-chosen before any reminder was saved, and say so. */
export function DaysChoice({ settings, onChange, error, suggested = false }: ChoiceProps & { error: string | null; suggested?: boolean }) {
  const errorId = useId();
  const hintId = useId();
  const describedBy = [suggested ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const toggle = (day: Weekday, on: boolean) => {
    const days = new Set(settings.selectedDays);
    if (on) days.add(day);
    else days.delete(day);
    onChange({ ...settings, selectedDays: REMINDER_WEEKDAYS.filter((candidate) => days.has(candidate)) });
  };
  return (
    <fieldset className="reminder-fieldset" aria-describedby={describedBy}>
      <legend>Days</legend>
      {suggested ? (
        <p id={hintId} className="field__hint reminder-days__hint">
          {SUGGESTED_DAYS_HINT}
        </p>
      ) : null}
      <div className="reminder-days">
        {REMINDER_WEEKDAYS.map((day) => (
          <Checkbox key={day} label={WEEKDAY_LABELS[day]} checked={settings.selectedDays.includes(day)} onChange={(event) => toggle(day, event.target.checked)} />
        ))}
      </div>
      {error ? (
        <p id={errorId} className="reminder-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Hours 0–23 and minutes in steps of 5, UK time (SPEC §9). */
export function TimeChoice({ settings, onChange }: ChoiceProps) {
  const id = useId();
  return (
    <fieldset className="reminder-fieldset">
      <legend>Time (UK time)</legend>
      <div className="reminder-time">
        <label htmlFor={`${id}-hours`}>Hour</label>
        <select id={`${id}-hours`} value={settings.hours} onChange={(event) => onChange({ ...settings, hours: Number(event.target.value) })}>
          {REMINDER_HOURS.map((hour) => (
            <option key={hour} value={hour}>
              {pad(hour)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-minutes`}>Minutes</label>
        <select id={`${id}-minutes`} value={settings.minutes} onChange={(event) => onChange({ ...settings, minutes: Number(event.target.value) })}>
          {REMINDER_MINUTES.map((minute) => (
            <option key={minute} value={minute}>
              {pad(minute)}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}

/** 'WhatsApp, every Monday and Thursday at 08:00' — the summary the setup flow shows before saving. */
export function reminderSummary(settings: ReminderSettings): string {
  const when =
    settings.type === 'weekly'
      ? `every ${listOf(settings.selectedDays.map((day) => WEEKDAY_LABELS[day]))}`
      : REMINDER_FREQUENCY_LABELS[settings.selectedFrequency].toLowerCase();
  return `${REMINDER_CHANNEL_LABELS[settings.selectedChannel]}, ${when} at ${pad(settings.hours)}:${pad(settings.minutes)} (UK time)`;
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
