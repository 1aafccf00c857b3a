import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Task, TaskType } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { orders, productTaskDefinitions, taskDefinitions, tasks } from '../../db/schema/orders';

const taskColumns = {
  id: tasks.id,
  state: tasks.state,
  createdAt: tasks.createdAt,
  completedAt: tasks.completedAt,
  orderNumber: orders.number,
  code: taskDefinitions.code,
  taskType: taskDefinitions.taskType,
  name: taskDefinitions.name,
  description: taskDefinitions.description,
  image: taskDefinitions.image,
  isCritical: taskDefinitions.isCritical,
  isReminder: taskDefinitions.isReminder,
  safetyCheck: taskDefinitions.safetyCheck,
  badge: taskDefinitions.badge,
  configuration: taskDefinitions.configuration,
  details: tasks.details,
  position: taskDefinitions.position,
};

function selectTasks(db: Db, where: SQL) {
  return db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(taskDefinitions, eq(taskDefinitions.code, tasks.code))
    .leftJoin(orders, eq(orders.id, tasks.orderId))
    .where(where)
    .orderBy(desc(taskDefinitions.isCritical), asc(taskDefinitions.position), asc(tasks.createdAt));
}

export function toTask(row: Awaited<ReturnType<typeof selectTasks>>[number]): Task {
  return {
    id: row.id,
    taskType: row.taskType as TaskType,
    taskDefinition: {
      code: row.code,
      name: row.name,
      image: row.image,
      description: row.description,
      isCritical: row.isCritical,
      isReminder: row.isReminder,
      safetyCheck: row.safetyCheck,
    },
    badge: row.badge,
    state: row.state === 'completed' ? 'completed' : 'open',
    orderNumber: row.orderNumber ?? null,
    details: { configuration: { ...row.configuration, ...(row.details ?? {}) } },
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export interface TaskFilter {
  state?: 'open' | 'completed';
  orderId?: number;
  taskId?: string;
  code?: string;
}

/** One patient's tasks, critical ones first, then in the order the clinic lists them. Never another's. */
export async function findTasks(db: Db, customerId: number, filter: TaskFilter = {}): Promise<Task[]> {
  const conditions: SQL[] = [eq(tasks.customerId, customerId)];
  if (filter.state) conditions.push(eq(tasks.state, filter.state));
  if (filter.orderId !== undefined) conditions.push(eq(tasks.orderId, filter.orderId));
  if (filter.taskId) conditions.push(eq(tasks.id, filter.taskId));
  if (filter.code) conditions.push(eq(tasks.code, filter.code));
  return (await selectTasks(db, and(...conditions)!)).map(toTask);
}

/**
 * The tasks an order brings, from its products' task definitions and any its consultation asks for. A task the patient already has open
 * (from an earlier order) is not asked twice. Runs inside the order's transaction.
 */
export async function createTasksForOrder(
  tx: Db,
  order: { orderId: number; customerId: number; productIds: readonly number[]; /** Tasks the order's consultation asks for. */ extraCodes?: readonly string[] },
): Promise<void> {
  if (order.productIds.length === 0) return;
  const [byProduct, open] = await Promise.all([
    tx
      .selectDistinct({ code: productTaskDefinitions.taskCode })
      .from(productTaskDefinitions)
      .where(inArray(productTaskDefinitions.productId, [...order.productIds])),
    tx
      .select({ code: tasks.code })
      .from(tasks)
      .where(and(eq(tasks.customerId, order.customerId), eq(tasks.state, 'open'))),
  ]);
  const already = new Set(open.map((task) => task.code));
  const wanted = [...new Set([...byProduct.map((task) => task.code), ...(order.extraCodes ?? [])])].map((code) => ({ code }));
  const fresh = wanted.filter((task) => !already.has(task.code));
  if (fresh.length === 0) return;
  await tx
    .insert(tasks)
    .values(fresh.map((task) => ({ customerId: order.customerId, orderId: order.orderId, code: task.code })))
    .onConflictDoNothing();
}
