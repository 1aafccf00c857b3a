export { MessagePreferences } from './components/MessagePreferences';
