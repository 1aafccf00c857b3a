/** 'EH-7KQ4-M2XP': the shop's order numbers. */
export const ORDER_NUMBER_PATTERN = /^EH-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

/**
 * An order number as staff or a patient type it ('eh-7kq4-m2xp', 'EH 7KQ4 M2XP', 'eh7kq4m2xp') in the shop's form;
 * anything that is not an order number once spaces and case are set aside is returned trimmed, unchanged.
 */
export function normaliseOrderNumber(typed: string): string {
  const compact = typed.replace(/[\s-]+/g, '').toUpperCase();
  const match = /^EH([A-Z0-9]{4})([A-Z0-9]{4})$/.exec(compact);
  return match ? `EH-${match[1]}-${match[2]}` : typed.trim();
}
