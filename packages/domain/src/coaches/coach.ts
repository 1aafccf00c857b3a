import { z } from 'zod';

/** SPEC §3 Medical personnel: the one relationship a patient has with a coach. */
export const COACH_RELATIONSHIP = 'Weight Loss Coach';
/** SPEC §9: a coach card shows the first three specialism tags. */
export const COACH_CARD_SPECIALISMS = 3;
export const COACH_CALL_MINUTES = 20;
export const COACH_BOOKING_DAYS = 14;
/** A call can be cancelled or moved by the patient up to this long before it starts. */
export const COACH_CHANGE_CUTOFF_MINUTES = 120;

/** One weekly window a coach takes calls in, UK wall-clock time ('09:00' to '12:30'); day_of_week 0 = Sunday. */
export const coachAvailabilitySchema = z.object({
  day_of_week: z.number().int().min(0).max(6),
  time_start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  time_end: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
});
export type CoachAvailability = z.infer<typeof coachAvailabilitySchema>;

export const coachTestimonialSchema = z.object({ title: z.string(), description: z.string(), name: z.string(), footer: z.string() });

/** SPEC §3 Coach, as the shop API answers it. */
export const coachSchema = z.object({
  id: z.string(),
  medical_personnel_id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  images: z.object({ mainImg: z.string(), modalImg: z.string(), thumbnail: z.string() }),
  description: z.string(),
  availability: z.array(coachAvailabilitySchema),
  specialism: z.array(z.string()),
  qualifications: z.array(z.string()),
  about: z.string(),
  approach: z.string(),
  howWeWillWork: z.string(),
  testimonials: z.array(coachTestimonialSchema),
  /** Where the patient books: the shop's own booking page, or the coach's Calendly page with their details filled in. */
  bookingLink: z.string(),
  calendlyLink: z.string().nullable(),
});
export type Coach = z.infer<typeof coachSchema>;

export const assignCoachBodySchema = z.object({ medical_personnel_id: z.string().min(1).max(64), relationship: z.literal(COACH_RELATIONSHIP) });
export type AssignCoachBody = z.infer<typeof assignCoachBodySchema>;

export const assignedCoachSchema = z.object({
  medical_personnel_id: z.string().nullable(),
  relationship: z.literal(COACH_RELATIONSHIP),
  coach: coachSchema.nullable(),
});
export type AssignedCoach = z.infer<typeof assignedCoachSchema>;

/** The specialism tags a coach card shows (SPEC §9). */
export function cardSpecialisms(coach: Pick<Coach, 'specialism'>): string[] {
  return coach.specialism.slice(0, COACH_CARD_SPECIALISMS);
}

/** 'Choose {first name}' and '{first name} is your coach' (SPEC §2) use the first name alone. */
export function coachFullName(coach: Pick<Coach, 'firstName' | 'lastName'>): string {
  return `${coach.firstName} ${coach.lastName}`;
}
