import type { WeightUnit } from '@elmwood/domain';

/**
 * SPEC §7: local storage 'preferredUnit' holds the weight unit last chosen (kg or st-lbs) until a weight is logged,
 * when the account's saved preference takes over and the key is removed. The quiz's goal-weight step and the
 * weight modal open in it.
 */
export const PREFERRED_UNIT_KEY = 'preferredUnit';

export function readPreferredUnit(): WeightUnit | null {
  try {
    const value = window.localStorage.getItem(PREFERRED_UNIT_KEY);
    return value === 'kg' || value === 'st-lbs' ? value : null;
  } catch {
    return null;
  }
}

export function writePreferredUnit(unit: WeightUnit): void {
  try {
    window.localStorage.setItem(PREFERRED_UNIT_KEY, unit);
  } catch {
    // Storage disabled: the unit is simply not remembered.
  }
}

export function forgetPreferredUnit(): void {
  try {
    window.localStorage.removeItem(PREFERRED_UNIT_KEY);
  } catch {
    // Nothing was kept.
  }
}
