import { useEffect } from 'react';
import { useAppOpening, useRecordAppOpen } from './api';
import { openedInstalled } from './platform';

/** The first launch of the installed app records SPEC's first app open date (the server keeps only the first). */
export function useFirstAppOpen(signedIn: boolean): void {
  const installed = openedInstalled();
  const launched = signedIn && installed;
  const opening = useAppOpening({ enabled: launched });
  const record = useRecordAppOpen();
  // Only a launch from the home screen: the banner reads the same date in the browser.
  const unrecorded = launched && opening.data?.firstAppOpenAt === null;
  const { mutate, isIdle } = record;
  useEffect(() => {
    if (unrecorded && isIdle) mutate();
  }, [unrecorded, isIdle, mutate]);
}
