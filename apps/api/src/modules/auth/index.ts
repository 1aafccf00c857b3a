export type { AuthService } from './service';
