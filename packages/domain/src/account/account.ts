import { z } from 'zod';
import { appointmentSchema } from '../coaches/appointment';
import { CARRIERS } from '../clinic/tracking';
import { productImageSchema } from '../catalog/product';
import { orderStateSchema } from '../orders/order';

/** Where a step of the patient's journey stands on the account home's progress card (SPEC §4). */
export const PROGRESS_STATUSES = ['completed', 'active', 'upcoming'] as const;
export const progressStatusSchema = z.enum(PROGRESS_STATUSES);
export type ProgressStatus = z.infer<typeof progressStatusSchema>;

export const progressSectionSchema = z.object({
  id: z.enum(['consultation', 'order', 'verification', 'review', 'dispatch']),
  title: z.string(),
  status: progressStatusSchema,
});
export type ProgressSection = z.infer<typeof progressSectionSchema>;

/** SPEC §3 Order history entry: id is the public order number. */
export const orderHistoryEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  image: productImageSchema.nullable(),
  /** Total paid, in pence. */
  price: z.number().int(),
  noOfItems: z.number().int(),
  state: orderStateSchema,
  createdAt: z.string(),
  /** Why a prescriber did not approve it (the rejected order's reason); absent otherwise. */
  statusReason: z.string().nullable().optional(),
  /** Once dispatched: the carrier, its tracking number and the carrier's tracking page. */
  tracking: z.object({ carrier: z.enum(CARRIERS), number: z.string(), url: z.string() }).nullable().optional(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

export const ORDER_HISTORY_PAGE_SIZE = 10;
export const ORDER_HISTORY_MAX_PAGE_SIZE = 50;

/** GET /shop-api/orders?page=N&limit=M: the patient's orders, newest first. */
export const orderHistoryPageSchema = z.object({
  items: z.array(orderHistoryEntrySchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type OrderHistoryPage = z.infer<typeof orderHistoryPageSchema>;

export const activeTreatmentSchema = z.object({
  subscriptionId: z.string(),
  /** The medicine's catalogue code (no second of its class is recommended beside it); null when the plan has no line. */
  productCode: z.string().nullable().default(null),
  title: z.string(),
  subtitle: z.string(),
  image: productImageSchema.nullable(),
  nextDeliveryDate: z.string(),
});
export type ActiveTreatment = z.infer<typeof activeTreatmentSchema>;

export const recommendedTreatmentSchema = z.object({
  code: z.string(),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string(),
  image: productImageSchema.nullable(),
  /** The consultation that leads to it, for the button's address (/n/{slug}/quiz/1). */
  consultationSlug: z.string().nullable(),
});
export type RecommendedTreatment = z.infer<typeof recommendedTreatmentSchema>;

export const goalsSchema = z.object({
  /** From the weight-loss consultation's goal-weight answer, in kg; null when the patient gave none. */
  goalWeightKg: z.number().nullable(),
  /** Their weight when they answered the consultation, in kg. */
  startingWeightKg: z.number().nullable(),
});
export type Goals = z.infer<typeof goalsSchema>;

/** GET /shop-api/account/home. */
export const accountHomeSchema = z.object({
  firstName: z.string(),
  progress: z.array(progressSectionSchema),
  goals: goalsSchema,
  activeTreatments: z.array(activeTreatmentSchema),
  recommendedTreatments: z.array(recommendedTreatmentSchema),
  latestOrders: z.array(orderHistoryEntrySchema),
  /** The patient's coach calls still ahead, soonest first. */
  appointments: z.array(appointmentSchema),
});
export type AccountHome = z.infer<typeof accountHomeSchema>;
