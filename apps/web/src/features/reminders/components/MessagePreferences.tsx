import { useState } from 'react';
import { Checkbox } from '../../../ui/Checkbox';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { LoadStatus } from '../../../ui/LoadStatus';
import { useMessageChannels, useSetMessageChannel, type MessageChannels } from '../api';
import '../reminders.css';

const CHANNELS: { channel: keyof MessageChannels; label: string }[] = [
  { channel: 'email', label: 'Email' },
  { channel: 'sms', label: 'SMS' },
  { channel: 'whatsapp', label: 'WhatsApp' },
  { channel: 'push', label: 'App notification' },
];

/** The account's email, SMS, WhatsApp and app notification choices for reminders and nudges; each tick is saved as it is made. */
export function MessagePreferences() {
  const channels = useMessageChannels();
  const save = useSetMessageChannel();
  const [saved, setSaved] = useState<string | null>(null);
  // What the patient just ticked, shown at once while it saves (the box must not wait for the server to change).
  const [ticking, setTicking] = useState<Partial<MessageChannels>>({});
  return (
    <section className="account-card" aria-labelledby="message-preferences-title">
      <h2 id="message-preferences-title">Email and SMS preferences</h2>
      <p className="account-muted">
        Choose how we may send your weight reminders and reminders about tasks. We always email you about your orders, your prescription and your account's
        security.
      </p>
      {channels.isPending ? (
        <LoadStatus status="loading" />
      ) : channels.isError ? (
        <LoadStatus status="error" onRetry={() => void channels.refetch()} />
      ) : (
        <fieldset className="message-preferences">
          <legend className="visually-hidden">Send me reminders by</legend>
          {CHANNELS.map(({ channel, label }) => (
            <Checkbox
              key={channel}
              label={label}
              checked={ticking[channel] ?? channels.data[channel]}
              onChange={(event) => {
                const on = event.target.checked;
                setSaved(null);
                setTicking((current) => ({ ...current, [channel]: on }));
                save.mutate(
                  { [channel]: on },
                  {
                    onSuccess: () => setSaved(`${label} reminders turned ${on ? 'on' : 'off'}.`),
                    // Saved or refused, the box then shows what the server holds.
                    onSettled: () => setTicking(({ [channel]: _settled, ...rest }) => rest),
                  },
                );
              }}
            />
          ))}
        </fieldset>
      )}
      <ErrorMessage>{save.isError ? save.error.message : null}</ErrorMessage>
      <p role="status" className="details-status">
        {saved ?? ''}
      </p>
    </section>
  );
}
