// A patient's copy of their data (issue 37): what the app and the worker compose.
export { buildPatientArchive } from './archive';
export { createDataExports, dataExportsQueue, expiredDataExportsQueue, type DataExports, type DataExportsDeps } from './service';
export { dataExportRoutes, dataExportConsoleRoutes, DATA_EXPORT_STAFF_ROLES } from './routes';
export { dataExportLinkSecret } from './link';
