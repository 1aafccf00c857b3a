import type { LifecycleActor } from '@elmwood/domain';

/** Who raised an event: a patient or staff member by id, or the gateway or a job. */
export interface Actor {
  type: LifecycleActor;
  id?: string | number | null;
}

/** Why and with what an event was raised, kept in its history row. */
export interface EventDetails {
  reason?: string | null;
  data?: Record<string, unknown> | null;
}

/** What an applied event did, with the effects the caller now carries out. */
export type Transitioned<State extends string, Effect extends string> =
  | { applied: true; from: State; to: State; effects: readonly Effect[] }
  | { applied: false; reason: 'not_found' | 'not_from_this_state' | 'payment_not_ready' };

/** An event raised by someone the table does not allow: a bug in the caller, never the patient's doing. */
export class LifecycleActorError extends Error {
  constructor(event: string, actor: LifecycleActor) {
    super(`${actor} may not raise ${event}`);
    this.name = 'LifecycleActorError';
  }
}

export function historyColumns(event: string, from: string, to: string, actor: Actor, details: EventDetails) {
  return {
    event,
    fromState: from,
    toState: to,
    actorType: actor.type,
    actorId: actor.id == null ? null : String(actor.id),
    reason: details.reason ?? null,
    data: details.data ?? null,
  };
}
