// What other features may use from the coaches feature.
export { BOOK_CALL_PATH, COACHES_PATH } from './paths';
