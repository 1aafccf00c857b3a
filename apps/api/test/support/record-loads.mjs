// `node --import ./record-loads.mjs`: appends every module URL the process resolves to the file named by
// RECORD_LOADS_TO, so a test can see what a process loaded (resolution hooks run on their own thread).
import { register } from 'node:module';

register('./record-loads-hooks.mjs', import.meta.url);
