export const PROGRESS_PATH = '/account/progress';
