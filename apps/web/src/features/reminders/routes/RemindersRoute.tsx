import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { reminderSettingsError, type ReminderSettings } from '@elmwood/domain';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { LoadStatus } from '../../../ui/LoadStatus';
import { useReminder, useSaveReminder } from '../api';
import { ChannelChoice, DaysChoice, RepeatChoice, TimeChoice } from '../components/ReminderChoices';
import '../../../ui/page-styles/tasks.css';
import '../reminders.css';

const nextFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

/** /account/reminders — the reminder editor (SPEC §4): on/off, channel, days, time, frequency, Save. */
export function Component() {
  useDocumentTitle('Reminders');
  const reminder = useReminder();
  if (reminder.isPending) return <LoadStatus status="loading" />;
  if (reminder.isError) return <LoadStatus status="error" onRetry={() => void reminder.refetch()} />;
  return <ReminderEditor initial={reminder.data.settings} isSaved={reminder.data.isSaved} nextReminderAt={reminder.data.nextReminderAt} />;
}

function ReminderEditor({ initial, isSaved, nextReminderAt }: { initial: ReminderSettings; isSaved: boolean; nextReminderAt: string | null }) {
  const switchId = useId();
  const location = useLocation();
  const save = useSaveReminder();
  const [settings, setSettings] = useState(initial);
  const [saved, setSaved] = useState<boolean>(Boolean((location.state as { saved?: boolean } | null)?.saved));
  const change = (next: ReminderSettings) => {
    setSettings(next);
    setSaved(false);
  };
  const dayError = settings.type === 'weekly' && settings.selectedDays.length === 0 ? reminderSettingsError(settings) : null;
  const next = save.data?.nextReminderAt ?? nextReminderAt;

  return (
    <div className="account-page container">
      <h1>Reminders</h1>
      <p>We remind you to log your weight, so you and your clinician can see your progress.</p>
      <form
        className="task-panel"
        aria-label="Reminder settings"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(settings, { onSuccess: () => setSaved(true) });
        }}
      >
        <div className="reminder-switch">
          <input id={switchId} type="checkbox" role="switch" checked={settings.isEnabled} onChange={(event) => change({ ...settings, isEnabled: event.target.checked })} />
          <label htmlFor={switchId}>Reminders on</label>
        </div>
        {settings.isEnabled ? (
          <>
            <ChannelChoice settings={settings} onChange={change} />
            <RepeatChoice settings={settings} onChange={change} />
            {settings.type === 'weekly' ? <DaysChoice settings={settings} onChange={change} error={dayError} suggested={!isSaved} /> : null}
            <TimeChoice settings={settings} onChange={change} />
          </>
        ) : null}
        <ErrorMessage>{save.isError ? save.error.message : null}</ErrorMessage>
        <div className="task-panel__actions">
          <Button type="submit" loading={save.isPending} disabled={dayError !== null}>
            Save
          </Button>
        </div>
        <p role="status">
          {saved ? (settings.isEnabled && next ? `Your reminder is saved. The next one is on ${nextFormat.format(new Date(next))}.` : 'Your reminders are off.') : ''}
        </p>
      </form>
    </div>
  );
}
