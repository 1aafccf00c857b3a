import { useState, type ReactNode } from 'react';
import { AppThankYou } from './AppThankYou';
import { continuedOnWeb, continueOnWeb } from './continueOnWeb';
import { openedInstalled } from './platform';

/** The app variant, until the patient chooses 'Continue on web' (for this session) or is already in the app: then `children`. */
export function AppThankYouVariant({ children }: { children: ReactNode }) {
  const [onWeb, setOnWeb] = useState(continuedOnWeb);
  if (onWeb || openedInstalled()) return <>{children}</>;
  return (
    <AppThankYou
      onContinueOnWeb={() => {
        continueOnWeb();
        setOnWeb(true);
      }}
    />
  );
}
