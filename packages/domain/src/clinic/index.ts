export * from './staff';
export * from './tracking';
export * from './decisions';
export * from './review';
