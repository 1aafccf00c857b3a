export * from './staff';
export * from './tracking';
export * from './decisions';
export * from './review';
export * from './answer-text';
export * from './audit-log';
export * from './urgent-care';
export * from './failed-work';
