// What other features and the app may use from the treatment companion.
export { INJECTIONS_PATH, SIDE_EFFECTS_PATH } from './paths';
export { DosePlanSection } from './components/DosePlanSection';
export { AfterStoppingCard } from './components/AfterStoppingCard';
