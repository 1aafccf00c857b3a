import { useState } from 'react';
import { STUCK_MESSAGE_MINUTES, STUCK_MESSAGE_TWICE_WARNING, type StuckMessage, type StuckMessageAction } from '@elmwood/domain';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { QueryContent } from '../../../ui/QueryContent';
import { useSettleStuckMessage, useStuckMessages } from '../api';
import { FormError } from '../components/FormError';
import { TableScroll } from '../components/TableScroll';
import { formatDateTime } from '../format';

const CHANNEL_NAMES: Record<string, string> = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp', push: 'App notification' };
const DONE: Record<StuckMessageAction, string> = { 'send-again': 'The message is queued to be sent again.', 'mark-sent': 'The message is marked as sent.' };

/** /clinic/messages — (admin) messages a crashed send left in 'sending', to send again or mark as sent. */
export function Component() {
  useDocumentTitle('Stuck messages');
  const list = useStuckMessages();
  const settle = useSettleStuckMessage();
  const [done, setDone] = useState('');
  const act = (message: StuckMessage, action: StuckMessageAction, onDone?: () => void) =>
    settle.mutate(
      { id: message.id, action },
      {
        onSuccess: () => {
          setDone(DONE[action]);
          onDone?.();
        },
      },
    );
  return (
    <div className="clinic-page">
      <h1>Stuck messages</h1>
      <p>
        These messages were being sent when the sending stopped, more than {STUCK_MESSAGE_MINUTES} minutes ago. We cannot tell whether they reached the patient, so they are never
        retried by themselves.
      </p>
      <p role="status">{done}</p>
      <FormError error={settle.error} />
      <QueryContent query={list} isEmpty={(data) => data.messages.length === 0} empty={{ title: 'No stuck messages', message: `Messages still being sent ${STUCK_MESSAGE_MINUTES} minutes after they started appear here.` }}>
        {(data) => (
        <TableScroll label="Stuck messages">
          <table className="clinic-table">
            <caption className="visually-hidden">Stuck messages, longest stuck first</caption>
            <thead>
              <tr>
                <th scope="col">Message</th>
                <th scope="col">Channel</th>
                <th scope="col">Sending since</th>
                <th scope="col">Patient</th>
                <th scope="col">To</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.messages.map((message) => (
                <tr key={message.id}>
                  <td>{message.template}</td>
                  <td>{CHANNEL_NAMES[message.channel] ?? message.channel}</td>
                  <td>{formatDateTime(message.claimedAt)}</td>
                  <td>{message.patient.name}</td>
                  <td>{message.recipient}</td>
                  <td>
                    <SendAgain message={message} pending={settle.isPending} onConfirm={(close) => act(message, 'send-again', close)} />{' '}
                    <Button variant="secondary" loading={settle.isPending && settle.variables?.id === message.id && settle.variables.action === 'mark-sent'} onClick={() => act(message, 'mark-sent')} aria-label={`Mark as sent: ${message.template} to ${message.patient.name}`}>
                      Mark as sent
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        )}
      </QueryContent>
    </div>
  );
}

function SendAgain({ message, pending, onConfirm }: { message: StuckMessage; pending: boolean; onConfirm: (close: () => void) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      title="Send this message again?"
      open={open}
      onOpenChange={setOpen}
      trigger={<Button aria-label={`Send again: ${message.template} to ${message.patient.name}`}>Send again</Button>}
      footer={
        <Button loading={pending} onClick={() => onConfirm(() => setOpen(false))}>
          Send it again
        </Button>
      }
    >
      <p>{STUCK_MESSAGE_TWICE_WARNING}</p>
      <p>
        {message.template} by {CHANNEL_NAMES[message.channel] ?? message.channel} to {message.patient.name} ({message.recipient}).
      </p>
    </Dialog>
  );
}
