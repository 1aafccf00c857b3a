import { useId, useState, type FormEvent } from 'react';
import {
  injectionReminderFrom,
  injectionReminderSettings,
  REMINDER_WEEKDAYS,
  WEEKDAY_LABELS,
  type InjectionReminder,
  type ReminderSettings,
  type Weekday,
} from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { LoadStatus } from '../../../ui/LoadStatus';
import { useInjectionReminder, useSaveInjectionReminder } from '../api';
import { ChannelChoice, reminderSummary, TimeChoice } from './ReminderChoices';
import '../reminders.css';

function ReminderForm({ saved, isSaved }: { saved: InjectionReminder; isSaved: boolean }) {
  const save = useSaveInjectionReminder();
  const [reminder, setReminder] = useState(saved);
  const [done, setDone] = useState<string | null>(null);
  const dayId = useId();
  const settings = injectionReminderSettings(reminder);
  const change = (next: ReminderSettings) => {
    save.reset();
    setDone(null);
    setReminder(injectionReminderFrom(next));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(reminder, {
      onSuccess: (reply) => setDone(reply.reminder.isEnabled ? `Saved: ${reminderSummary(injectionReminderSettings(reply.reminder))}.` : 'Saved. Your injection-day reminder is off.'),
    });
  };
  return (
    <form className="reminder-form" onSubmit={submit} noValidate aria-label="Injection-day reminder">
      <Checkbox label="Remind me on my injection day" checked={reminder.isEnabled} onChange={(event) => change({ ...settings, isEnabled: event.target.checked })} />
      {reminder.isEnabled ? (
        <>
          <div className="field">
            <label className="field__label" htmlFor={dayId}>
              Day of your weekly dose
            </label>
            <select id={dayId} className="field__input" value={reminder.day} onChange={(event) => change({ ...settings, selectedDays: [event.target.value as Weekday] })}>
              {REMINDER_WEEKDAYS.map((day) => (
                <option key={day} value={day}>
                  {WEEKDAY_LABELS[day]}
                </option>
              ))}
            </select>
          </div>
          <TimeChoice settings={settings} onChange={change} />
          <ChannelChoice settings={settings} onChange={change} />
          <p className="account-muted">If you have not logged a dose by the next day, we will send one gentle reminder.</p>
        </>
      ) : null}
      <div role="status">{done ? <p className="plan-notice plan-notice--done">{done}</p> : null}</div>
      {save.isError ? (
        <p className="auth-form__error" role="alert">
          {save.error.message}
        </p>
      ) : null}
      <Button type="submit" variant={isSaved ? 'secondary' : 'primary'} loading={save.isPending}>
        Save reminder
      </Button>
    </form>
  );
}

/** 'Time for your weekly dose': the injection-day reminder, through the same reminders and channels as the weight reminder. */
export function InjectionReminderForm() {
  const query = useInjectionReminder();
  if (!query.data) return <LoadStatus status={query.isError ? 'error' : 'loading'} onRetry={() => void query.refetch()} />;
  return <ReminderForm saved={query.data.reminder} isSaved={query.data.isSaved} />;
}
