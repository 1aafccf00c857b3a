import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { TASK_CODES, type Task, type TaskType } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { products } from '../../db/schema/catalog';
import { orderConsultations } from '../../db/schema/clinic';
import { orders } from '../../db/schema/orders';
import { productTaskDefinitions, taskDefinitions, tasks } from '../../db/schema/tasks';
import type { TaskFilter } from '../../contracts/tasks';

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

export type { TaskFilter };

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
 * The tasks an order brings, from its products' task definitions, and the previous prescription's photo when a
 * consultation on the order says the patient continues a treatment started elsewhere. A task the patient already
 * has open (from an earlier order) is not asked twice. One statement, inside the order's transaction; answers
 * whether the patient now has a critical task open (one a clinician waits on), whichever order brought it.
 */
export async function createTasksForOrder(
  tx: Pick<Db, 'execute'>,
  order: { orderId: number; customerId: number; productCodes: readonly string[] },
): Promise<{ criticalOpen: boolean }> {
  const result = await tx.execute(sql`
    with wanted as (
      select d.task_code as code from ${productTaskDefinitions} d join ${products} on ${products.id} = d.product_id
      where ${order.productCodes.length > 0 ? inArray(products.code, [...order.productCodes]) : sql`false`}
      union
      select ${TASK_CODES.prescriptionPhoto}::text where exists (
        select 1 from ${orderConsultations} c
        where c.order_id = ${order.orderId} and coalesce((c.outcome ->> 'prescriptionProofRequired')::boolean, false))
    ), created as (
      insert into ${tasks} (customer_id, order_id, code)
      select ${order.customerId}::int, ${order.orderId}::int, w.code from wanted w
      where not exists (select 1 from ${tasks} t where t.customer_id = ${order.customerId} and t.state = 'open' and t.code = w.code)
      on conflict do nothing
      returning code
    )
    select exists (
      select 1 from (select code from created union all select code from ${tasks} where customer_id = ${order.customerId} and state = 'open') open_task
      join ${taskDefinitions} d on d.code = open_task.code where d.is_critical
    ) as "criticalOpen"`);
  const [row] = (result as unknown as { rows: { criticalOpen: boolean }[] }).rows;
  return { criticalOpen: row?.criticalOpen === true };
}
