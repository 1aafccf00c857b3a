export { MessagePreferences } from './components/MessagePreferences';
export { InjectionReminderForm } from './components/InjectionReminderForm';
