import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * A column of the outer query, named with its table, for a correlated subquery written as raw SQL.
 *
 * Drizzle writes the columns of a single-table select's fields (and of every `returning`) without their table, so
 * `${orders.id}` inside `(select … from order_items i where i.order_id = ${orders.id})` becomes `"id"`, which
 * PostgreSQL resolves to the subquery's own `i.id`: the dispatch list once named another order's medicine that way.
 * Spelled with its table it always means the outer row, wherever the expression is used.
 */
export function outer(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
