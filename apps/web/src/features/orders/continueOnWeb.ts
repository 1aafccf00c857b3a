/** 'Continue on web' on the app variant holds for the rest of the tab's session. */
const CONTINUE_ON_WEB_KEY = 'criticalTasksContinueOnWeb';

export function continuesOnWeb(): boolean {
  try {
    return window.sessionStorage.getItem(CONTINUE_ON_WEB_KEY) === 'true';
  } catch {
    return false;
  }
}

export function rememberContinueOnWeb(): void {
  try {
    window.sessionStorage.setItem(CONTINUE_ON_WEB_KEY, 'true');
  } catch {
    // Without storage the choice lasts as long as the page.
  }
}
