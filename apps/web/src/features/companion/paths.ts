export const INJECTIONS_PATH = '/account/injections';
export const SIDE_EFFECTS_PATH = '/account/side-effects';
