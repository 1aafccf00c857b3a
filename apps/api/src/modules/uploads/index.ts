// What other modules may use from uploads.
export { uploadsRepo, type UploadsRepo } from './repo';
export { sendPhoto } from './routes';
export { fileStoreFor, uploadEncryptionKey } from './setup';
