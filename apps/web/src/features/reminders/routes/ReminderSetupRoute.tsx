import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_REMINDER_SETTINGS, reminderSettingsError, SETUP_DEFAULT_TIME, type ReminderSettings, type Task } from '@elmwood/domain';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BackLink } from '../../../ui/BackLink';
import { Button } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { HEALTH_ACTIONS_PATH, TaskCompletedDialog, useAfterTask, useOpenTask } from '../../tasks';
import { useSaveReminder } from '../api';
import { ChannelChoice, DaysChoice, reminderSummary, RepeatChoice, TimeChoice } from '../components/ReminderChoices';
import '../../../ui/page-styles/tasks.css';
import '../reminders.css';

type Step = 'intro' | 'channel' | 'schedule' | 'summary';
const STEPS: Step[] = ['intro', 'channel', 'schedule', 'summary'];
const STEP_TITLES: Record<Step, string> = { intro: 'Why reminders help', channel: 'How should we remind you?', schedule: 'When?', summary: 'Check your reminder' };

/** /account/reminders/setup?taskId=… — the reminder setup flow (SPEC §2): intro, channel, when, summary; saving completes the task. */
export function Component() {
  useDocumentTitle('Set up weight tracking reminders');
  const [search] = useSearchParams();
  const { task } = useOpenTask(search.get('taskId'));
  const navigate = useNavigate();
  const after = useAfterTask();
  const save = useSaveReminder();
  const [step, setStep] = useState<Step>('intro');
  const [settings, setSettings] = useState<ReminderSettings>({ ...DEFAULT_REMINDER_SETTINGS, ...SETUP_DEFAULT_TIME });
  const [done, setDone] = useState<Task | null>(null);
  const index = STEPS.indexOf(step);
  const next = () => setStep(STEPS[index + 1]!);
  const back = () => setStep(STEPS[index - 1]!);
  const dayError = settings.type === 'weekly' && settings.selectedDays.length === 0 ? reminderSettingsError(settings) : null;

  return (
    <div className="account-page container">
      <BackLink to={task ? HEALTH_ACTIONS_PATH : '/account/reminders'}>{task ? 'Back to my tasks' : 'Back to reminders'}</BackLink>
      <h1>Set up weight tracking reminders</h1>
      <p className="gp-steps">
        Step {index + 1} of {STEPS.length}: {STEP_TITLES[step]}
      </p>
      <section className="task-panel" aria-labelledby="reminder-step-title">
        <h2 id="reminder-step-title">{STEP_TITLES[step]}</h2>
        {step === 'intro' ? (
          <>
            <p>Weighing yourself regularly helps you and your clinician see how your treatment is going.</p>
            <p>Choose how and when we remind you to log your weight. You can change or turn off reminders at any time.</p>
            <div className="task-panel__actions">
              <Button onClick={next}>Get started</Button>
            </div>
          </>
        ) : null}
        {step === 'channel' ? (
          <>
            <ChannelChoice settings={settings} onChange={setSettings} />
            <div className="task-panel__actions">
              <Button onClick={next}>Continue</Button>
              <Button variant="secondary" onClick={back}>
                Back
              </Button>
            </div>
          </>
        ) : null}
        {step === 'schedule' ? (
          <>
            <RepeatChoice settings={settings} onChange={setSettings} />
            {settings.type === 'weekly' ? <DaysChoice settings={settings} onChange={setSettings} error={dayError} suggested /> : null}
            <TimeChoice settings={settings} onChange={setSettings} />
            <div className="task-panel__actions">
              <Button onClick={next} disabled={dayError !== null}>
                Continue
              </Button>
              <Button variant="secondary" onClick={back}>
                Back
              </Button>
            </div>
          </>
        ) : null}
        {step === 'summary' ? (
          <>
            <p className="reminder-summary">{reminderSummary(settings)}</p>
            <ErrorMessage>{save.isError ? save.error.message : null}</ErrorMessage>
            <div className="task-panel__actions">
              <Button
                loading={save.isPending}
                onClick={() =>
                  save.mutate(settings, {
                    onSuccess: (saved) => {
                      if (saved.completedTask) setDone(saved.completedTask);
                      else navigate('/account/reminders', { replace: true, state: { saved: true } });
                    },
                  })
                }
              >
                Save reminder
              </Button>
              <Button variant="secondary" onClick={back}>
                Back
              </Button>
            </div>
          </>
        ) : null}
      </section>
      <TaskCompletedDialog task={done} nextLabel={after.nextLabel(done)} onClose={() => after.leave(done)} />
    </div>
  );
}
