import { defineQueue } from '../../src/lib/queue';

/** A queue only the multi-process test uses: its handler says which process ran which job. */
export const probeQueue = defineQueue<{ n: string; workMs?: number }>('two-process-probe');

export interface ProbeDelivery {
  job: string;
  n: string;
  pid: number;
}
