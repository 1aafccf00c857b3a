export { uploadsRepo, type UploadsRepo } from './repo';
export { uploadConsoleRoutes } from './console-routes';
