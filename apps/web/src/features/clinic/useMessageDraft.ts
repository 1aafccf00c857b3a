import { useState, type FormEvent } from 'react';

interface MessageSchema {
  safeParse(input: { message: string }): { success: true; data: { message: string } } | { success: false; error: { issues: readonly { message: string }[] } };
}
type Send = (input: { message: string; key: string }, options: { onSuccess: () => void }) => void;

/**
 * A message a member of staff writes to a patient: checked by the shared rule before it is sent, sent under one
 * idempotency key per message (a double press sends once), and emptied with a fresh key once it has gone.
 */
export function useMessageDraft(schema: MessageSchema, send: Send) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse({ message: text });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    send(
      { message: parsed.data.message, key },
      {
        onSuccess: () => {
          setText('');
          setSent(true);
          setKey(crypto.randomUUID());
        },
      },
    );
  };
  const change = (value: string) => {
    setSent(false);
    setText(value);
  };
  return { text, problem, sent, submit, change };
}
