import { z } from 'zod';

const nutritionRowSchema = z.object({
  name: z.string(),
  amount: z.string(),
  nrv: z.string().nullable().optional(),
});

export const nutritionalInfoSchema = z.object({
  serving_size: z.string(),
  table: z.array(nutritionRowSchema),
});
export type NutritionalInfo = z.infer<typeof nutritionalInfoSchema>;

/** Marker printed where no nutrient reference value is established. */
export const NO_NRV_MARK = '†';

/** The attribute may arrive as an object or as a JSON string (SPEC §3); anything else is no table. */
export function parseNutritionalInfo(value: unknown): NutritionalInfo | null {
  let candidate = value;
  if (typeof value === 'string') {
    try {
      candidate = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const parsed = nutritionalInfoSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

export function nrvText(nrv: string | null | undefined): string {
  return nrv && nrv.trim() !== '' ? nrv : NO_NRV_MARK;
}
