import { z } from 'zod';
import { coachAvailabilitySchema, type CoachAvailability } from '../coaches/coach';
import { freeCoachSlots, type CoachSlot } from '../coaches/slots';

/**
 * The video consultation with a prescriber that verifies a weight-loss patient's weight, height and identity
 * (GPhC guidance for pharmacies providing services at a distance, 2025). Booked in the prescribers' free slots
 * (UK wall-clock weekly windows, as coaches' calls are), joined in the browser on both sides.
 */
export const VIDEO_CONSULTATION_MINUTES = 15;
export const VIDEO_CONSULTATION_BOOKING_DAYS = 14;
/** The patient may cancel or move it up to this long before it starts. */
export const VIDEO_CONSULTATION_CHANGE_CUTOFF_MINUTES = 60;
/** The room opens this long before the start (the device check and the waiting room) ... */
export const VIDEO_CALL_OPENS_MINUTES_BEFORE = 10;
/** ... and closes this long after the booked end (a call that started late finishes). */
export const VIDEO_CALL_CLOSES_MINUTES_AFTER = 30;
/** The reminder goes this long before the start, and another on the day at this many minutes before. */
export const VIDEO_CONSULTATION_REMINDERS_MINUTES = [24 * 60, 60] as const;

export const VIDEO_CONSULTATION_STATUSES = ['booked', 'cancelled', 'completed'] as const;
export type VideoConsultationStatus = (typeof VIDEO_CONSULTATION_STATUSES)[number];

/** A prescriber's weekly windows for video consultations, UK wall-clock time (the coaches' shape). */
export const prescriberAvailabilitySchema = z.array(coachAvailabilitySchema);
export type PrescriberAvailability = CoachAvailability[];

export interface PrescriberSlots {
  staffId: number;
  availability: readonly CoachAvailability[];
  /** Starts of the prescriber's consultations still on. */
  booked: readonly Date[];
}

export interface VideoSlot extends CoachSlot {
  /** The prescribers free at this time, in the order given (the first is booked). */
  staffIds: number[];
}

/** The free times any prescriber offers for the next 14 UK days, each once, with who is free then. */
export function freeVideoSlots(prescribers: readonly PrescriberSlots[], now: Date): VideoSlot[] {
  const byStart = new Map<number, VideoSlot>();
  for (const prescriber of prescribers) {
    for (const slot of freeCoachSlots(prescriber.availability, prescriber.booked, now, VIDEO_CONSULTATION_BOOKING_DAYS, VIDEO_CONSULTATION_MINUTES)) {
      const existing = byStart.get(slot.start.getTime());
      if (existing) existing.staffIds.push(prescriber.staffId);
      else byStart.set(slot.start.getTime(), { ...slot, staffIds: [prescriber.staffId] });
    }
  }
  return [...byStart.values()].sort((a, b) => a.start.getTime() - b.start.getTime());
}

export function canChangeVideoConsultation(start: Date, now: Date): boolean {
  return now.getTime() <= start.getTime() - VIDEO_CONSULTATION_CHANGE_CUTOFF_MINUTES * 60_000;
}

/** Whether the call's room is open now (from 10 minutes before the start to 30 minutes after the end). */
export function videoCallOpen(start: Date, end: Date, now: Date): boolean {
  return now.getTime() >= start.getTime() - VIDEO_CALL_OPENS_MINUTES_BEFORE * 60_000 && now.getTime() <= end.getTime() + VIDEO_CALL_CLOSES_MINUTES_AFTER * 60_000;
}

export const videoSlotsReplySchema = z.object({
  timeZone: z.literal('Europe/London'),
  days: z.array(z.object({ date: z.string(), slots: z.array(z.object({ start: z.string(), end: z.string() })) })),
});
export type VideoSlotsReply = z.infer<typeof videoSlotsReplySchema>;

export const bookVideoConsultationBodySchema = z.object({ start: z.iso.datetime({ offset: true }) });
export const rescheduleVideoConsultationBodySchema = bookVideoConsultationBodySchema;

/** A video consultation as the patient's account shows it. */
export const videoConsultationSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(VIDEO_CONSULTATION_STATUSES),
  /** 'Dr Ana Patel (GMC 7012345)'. */
  prescriber: z.string(),
  /** Whether the patient may still cancel or move it (up to an hour before). */
  canChange: z.boolean(),
  /** Whether the room is open now (by the shop's clock). */
  canJoin: z.boolean(),
  /** When the room opens. */
  opensAt: z.string(),
});
export type VideoConsultation = z.infer<typeof videoConsultationSchema>;

/**
 * GET /shop-api/video-consultations: whether the patient needs a verification (a weight-loss order waits on one),
 * and their consultations, soonest first.
 */
export const videoConsultationsReplySchema = z.object({
  needed: z.boolean(),
  /** The order waiting on the verification, if any. */
  orderNumber: z.string().nullable(),
  upcoming: videoConsultationSchema.nullable(),
  consultations: z.array(videoConsultationSchema),
});
export type VideoConsultationsReply = z.infer<typeof videoConsultationsReplySchema>;

/** A consultation as the prescriber's console lists it. */
export const clinicVideoConsultationSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(VIDEO_CONSULTATION_STATUSES),
  canJoin: z.boolean(),
  patient: z.object({ name: z.string(), dateOfBirth: z.string().nullable() }),
  /** The weight-loss order waiting on the verification, if any. */
  orderNumber: z.string().nullable(),
  prescriber: z.string(),
  /** The verification recorded during this call, once recorded. */
  verificationId: z.string().nullable(),
});
export type ClinicVideoConsultation = z.infer<typeof clinicVideoConsultationSchema>;
export const clinicVideoConsultationsSchema = z.object({ consultations: z.array(clinicVideoConsultationSchema) });
export type ClinicVideoConsultations = z.infer<typeof clinicVideoConsultationsSchema>;

export const VIDEO_CONSULTATION_MESSAGES = {
  notFound: 'We could not find that video consultation.',
  slotTaken: 'Sorry, that time has just been booked. Please choose another time.',
  slotUnavailable: 'That time is not available. Please choose another time.',
  tooLate: 'Video consultations can only be cancelled or moved up to 1 hour before they start. Please contact us instead.',
  notNeeded: 'You do not need a video consultation at the moment.',
  alreadyBooked: 'You already have a video consultation booked. You can move it instead.',
  closed: 'This video consultation is not open now. You can join from 10 minutes before it starts.',
  connectionFailed: 'Your connection could not be made: rebook or call us.',
} as const;

/** One STUN or TURN server the browsers use (RTCIceServer), from configuration. */
export const iceServerSchema = z.object({
  urls: z.union([z.string().regex(/^(stun|stuns|turn|turns):/), z.array(z.string().regex(/^(stun|stuns|turn|turns):/)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/**
 * The signalling protocol over the call's WebSocket. The browser sends its session description and ICE candidates,
 * and 'bye' when it leaves; the shop relays them to the other side only, and tells each who is there.
 */
const sessionDescription = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(100_000) });
const iceCandidate = z.object({
  candidate: z.string().max(2_000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});
export const signalFromBrowserSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('description'), description: sessionDescription }),
  z.object({ type: z.literal('candidate'), candidate: iceCandidate }),
  z.object({ type: z.literal('bye') }),
]);
export type SignalFromBrowser = z.infer<typeof signalFromBrowserSchema>;

export type SignalFromShop =
  /** On joining: who you are in the room, whether the other side is already there, and the ICE servers to use. */
  | { type: 'welcome'; role: 'patient' | 'prescriber'; peerPresent: boolean; iceServers: IceServer[] }
  | { type: 'peer-joined' }
  | { type: 'peer-left' }
  /** The prescriber ended the consultation. */
  | { type: 'ended' }
  | { type: 'description'; description: z.infer<typeof sessionDescription> }
  | { type: 'candidate'; candidate: z.infer<typeof iceCandidate> };

/** WebSocket close codes the shop uses (4000–4999 are the application's). */
export const SIGNAL_CLOSE = { notAllowed: 4403, notFound: 4404, closed: 4409, replaced: 4001, ended: 4002 } as const;
