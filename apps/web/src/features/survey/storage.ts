import { SURVEY_DONE_STORAGE_KEY } from '@elmwood/domain';

/** The survey's done flag in this browser; without storage the server's flag alone decides. */
export function surveyDoneHere(): boolean {
  try {
    return window.localStorage.getItem(SURVEY_DONE_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function markSurveyDoneHere(): void {
  try {
    window.localStorage.setItem(SURVEY_DONE_STORAGE_KEY, 'true');
  } catch {
    // Nothing to remember it in: the server's flag still holds once answered.
  }
}
