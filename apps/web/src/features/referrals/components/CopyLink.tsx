import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../ui/Button';

const SHOWN_MS = 2500;

/** Puts text on the clipboard; where the Clipboard API is refused, copies the selected field the older way. */
async function copy(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.select();
    return document.execCommand('copy');
  }
}

/** The patient's link in a read-only field, and 'Copy link' with its 'Copied!' tooltip (SPEC §8), announced. */
export function CopyLink({ link }: { link: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <div className="field referral-link">
      <label className="field__label" htmlFor={id}>
        Your referral link
      </label>
      <div className="referral-link__row">
        <input id={id} ref={field} className="field__input" readOnly value={link} onFocus={(event) => event.target.select()} />
        <span className="referral-link__button">
          <Button variant="secondary" onClick={() => void copy(link, field.current).then(setCopied)}>
            Copy link
          </Button>
          <span role="status" className="referral-link__tooltip" data-shown={copied || undefined}>
            {copied ? 'Copied!' : ''}
          </span>
        </span>
      </div>
    </div>
  );
}
