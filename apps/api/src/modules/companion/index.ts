// The treatment companion (issue 35): what other modules and the app may use.
export { companionRoutes } from './routes';
export { createInjectionService, doseLoggedSince, loggedMissedDoses, type InjectionService } from './injections';
export { createDiaryService, type DiaryService, type SideEffectLogged } from './diary';
export { companionRecordOf } from './clinic-view';
export { createDosePlans, type DosePlans } from './dose-plans';
export { createAfterStopping, type AfterStoppingService, type WeightReminderPort } from './after-stopping';
