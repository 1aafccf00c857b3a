import { useState } from 'react';
import { PUSH_MESSAGES } from '@elmwood/domain';
import { Button } from '../../ui/Button';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { LoadStatus } from '../../ui/LoadStatus';
import { cx } from '../../ui/cx';
import { usePushSettings, useThisDeviceEndpoint, useTurnOffDevice, useTurnOnThisDevice } from './api';
import { deviceState } from './device';
import './app-notifications.css';

/**
 * App notifications on this device, beside the reminder's channel choice: what they say and that the browser will ask
 * next, then the browser's prompt only when the patient taps to turn them on. A refusal (now or before) is explained
 * with how to allow them again, and never asked again by itself.
 */
export function AppNotificationsSetup() {
  const settings = usePushSettings();
  const thisDevice = useThisDeviceEndpoint();
  const turnOn = useTurnOnThisDevice(settings.data?.publicKey ?? null);
  const turnOff = useTurnOffDevice();
  // The browser's answer to this page's request: blocked, or the prompt closed without a choice.
  const [refused, setRefused] = useState<'denied' | 'default' | null>(null);

  if (settings.isPending || thisDevice.isPending) return <LoadStatus status="loading" />;
  if (settings.isError) return <LoadStatus status="error" onRetry={() => void settings.refetch()} />;
  const { available, devices } = settings.data;
  const here = devices.find((device) => device.endpoint === thisDevice.data);
  const state = deviceState();
  const blocked = refused === 'denied' || state === 'denied';

  let content;
  if (!available) content = <p>{PUSH_MESSAGES.unavailable}</p>;
  else if (here) {
    content = (
      <>
        <p>
          <strong>App notifications are on for this device.</strong>
        </p>
        <Button variant="secondary" loading={turnOff.isPending} onClick={() => turnOff.mutate({ id: here.id, thisDevice: true })}>
          Turn off on this device
        </Button>
      </>
    );
  } else if (state === 'unsupported') content = <p>{PUSH_MESSAGES.unsupported}</p>;
  else if (blocked) content = <p role={refused ? 'alert' : undefined}>{PUSH_MESSAGES.denied}</p>;
  else {
    content = (
      <>
        <p>{PUSH_MESSAGES.explanation}</p>
        {refused === 'default' ? <p role="status">{PUSH_MESSAGES.dismissed}</p> : null}
        <Button
          loading={turnOn.isPending}
          onClick={() =>
            turnOn.mutate(undefined, {
              onSuccess: (outcome) => {
                if ('refused' in outcome) setRefused(outcome.refused);
              },
            })
          }
        >
          Turn on notifications
        </Button>
      </>
    );
  }

  return (
    <section className={cx('app-notifications', blocked && !here && 'app-notifications--blocked')} aria-labelledby="app-notifications-title">
      <h3 id="app-notifications-title" className="visually-hidden">
        App notifications on this device
      </h3>
      {content}
      {devices.length > (here ? 1 : 0) ? (
        <p className="account-muted">
          {here ? 'Also on' : 'On'} {devices.length - (here ? 1 : 0)} other {devices.length - (here ? 1 : 0) === 1 ? 'device' : 'devices'}.
        </p>
      ) : null}
      <ErrorMessage>{turnOn.isError ? turnOn.error.message : turnOff.isError ? turnOff.error.message : null}</ErrorMessage>
    </section>
  );
}
