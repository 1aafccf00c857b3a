// The shared email rule as a chunk of its own (see loadEmailRule).
export { emailSchema } from '@elmwood/domain';
