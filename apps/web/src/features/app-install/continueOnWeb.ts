const CONTINUE_ON_WEB_KEY = 'continueOnWeb';

/** 'Continue on web' on the app variant of the thank-you page: remembered for this session (the tab) only. */
export function continuedOnWeb(): boolean {
  try {
    return window.sessionStorage.getItem(CONTINUE_ON_WEB_KEY) === 'true';
  } catch {
    return false;
  }
}

export function continueOnWeb(): void {
  try {
    window.sessionStorage.setItem(CONTINUE_ON_WEB_KEY, 'true');
  } catch {
    // Without storage the choice lasts for this page only.
  }
}
