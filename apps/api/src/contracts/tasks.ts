import type { CheckInOutcome, Task, TaskType } from '@elmwood/domain';
import type { Db } from '../db/client';

/** One patient's task with what completing it needs to know. */
export interface OpenTaskRow {
  id: string;
  code: string;
  orderId: number | null;
  state: string;
  taskType: TaskType;
  isCritical: boolean;
  configuration: Record<string, unknown>;
}

/**
 * What completing a check-in by its answers does to the patient's plans, in the completing transaction: the
 * subscriptions module's checkInAnswered, handed in where the modules are composed (tasks know no plans). Its
 * answers may stop the supply and tell the patient at once.
 */
export type CheckInAnswered = (tx: Db, input: { customerId: number; consultationId: string }) => Promise<{ outcome: CheckInOutcome | null; contactBy: Date | null }>;

export interface TaskFilter {
  state?: 'open' | 'completed';
  orderId?: number;
  taskId?: string;
  code?: string;
}

/**
 * What other modules ask of a patient's tasks (the tasks module's `taskBook` answers, handed in where the modules are
 * composed): the GP form, a booked call, a photo or reminder settings complete the task they stand for.
 */
export interface TaskBook {
  /** One patient's tasks, critical ones first; never another's. */
  find(db: Db, customerId: number, filter?: TaskFilter): Promise<Task[]>;
  /** One patient's task; undefined for anyone else's. */
  findOwn(db: Db, customerId: number, taskId: string): Promise<OpenTaskRow | undefined>;
  /** Marks one open task done with its evidence, in the caller's transaction; null when the patient has no such task. */
  complete(tx: Db, customerId: number, taskId: string, completedWith: string, checkInAnswered?: CheckInAnswered): Promise<Task | null>;
  /** Marks every open task of the patient that `matches` done with the same evidence; the tasks as they now stand. */
  completeOpenWhere(tx: Db, customerId: number, matches: (task: OpenTaskRow) => boolean, completedWith: string): Promise<Task[]>;
}
