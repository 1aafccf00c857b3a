// The tasks module's tables: what a patient is asked to do, per product, and each task given.
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { products } from './catalog';
import { orders } from './orders';

/**
 * What the clinic may ask of a patient after an order (SPEC §3 Task definition), seeded as data.
 * taskType: upload-photo, gp-info, questionnaire, reminder, coach-call, typeform, video-consultation.
 */
export const taskDefinitions = pgTable('task_definitions', {
  code: text('code').primaryKey(),
  taskType: text('task_type').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  image: text('image'),
  isCritical: boolean('is_critical').notNull().default(false),
  isReminder: boolean('is_reminder').notNull().default(false),
  safetyCheck: boolean('safety_check').notNull().default(false),
  /** Badge on the task card; null shows the default 'Required'. */
  badge: text('badge'),
  /** Type-specific settings: upload category and landing slug, questionnaire slug, form_id, task_url. */
  configuration: jsonb('configuration').$type<Record<string, unknown>>().notNull(),
  position: integer('position').notNull().default(0),
});

/** Which tasks an order of a product brings (seeded beside the catalogue). */
export const productTaskDefinitions = pgTable(
  'product_task_definitions',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    taskCode: text('task_code')
      .notNull()
      .references(() => taskDefinitions.code, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.productId, table.taskCode] })],
);

/** A follow-up task of one patient, copied from its definition when an order creates it. */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    code: text('code')
      .notNull()
      .references(() => taskDefinitions.code),
    /** open or completed. */
    state: text('state').notNull().default('open'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** What completed it: an upload id, 'gp-info', a consultation id. */
    completedWith: text('completed_with'),
    /** What this one task asks beyond its definition, e.g. a prescriber's question ({ question, photoRequested }). */
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tasks_customer_state').on(table.customerId, table.state), unique('tasks_order_code').on(table.orderId, table.code)],
);
