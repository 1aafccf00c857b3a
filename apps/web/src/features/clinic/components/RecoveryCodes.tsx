import { useEffect, useRef } from 'react';
import { Button } from '../../../ui/Button';

/** The ten recovery codes, shown this once: the member must keep them before going on. */
export function RecoveryCodes({ codes, onContinue }: { codes: string[]; onContinue: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="clinic-recovery" aria-labelledby="clinic-recovery-title">
      <h2 id="clinic-recovery-title" ref={heading} tabIndex={-1}>
        Save these codes
      </h2>
      <p className="clinic-recovery__note" role="note">
        Each code signs you in once if you lose your authenticator. They are shown only now: store them somewhere safe, such as
        your password manager.
      </p>
      <ul className="clinic-recovery__codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Button onClick={onContinue}>I have saved my codes</Button>
    </section>
  );
}
