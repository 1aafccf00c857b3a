export { createCartService, type CartService } from './service';
export { cartRoutes } from './routes';
export { prescriptionVerdict, type PrescriptionVerdict } from './prescription-guard';
