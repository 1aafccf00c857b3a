import type { Decision, LifecycleActor } from '@elmwood/domain';

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
  | { applied: false; reason: 'not_found' | 'not_from_this_state' | 'payment_not_ready' | 'prescriber_needed' | 'check_in_missing' };

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

/**
 * Applies a lifecycle's decision: a refusal by role is a bug (thrown), a refusal by state is nothing to do, and
 * `move` writes the new state only where the old one still stands (answering whether it did) and records it.
 */
export async function carryOut<State extends string, Effect extends string>(
  event: string,
  actor: Actor,
  decision: Decision<State, Effect> | { ok: false; reason: 'payment_not_ready' | 'prescriber_needed' | 'check_in_missing' } | null,
  move: (from: State, to: State) => Promise<boolean>,
): Promise<Transitioned<State, Effect>> {
  if (!decision) return { applied: false, reason: 'not_found' };
  if (!decision.ok) {
    if (decision.reason === 'not_permitted') throw new LifecycleActorError(event, actor.type);
    return { applied: false, reason: decision.reason };
  }
  if (!(await move(decision.from, decision.to))) return { applied: false, reason: 'not_from_this_state' };
  return { applied: true, from: decision.from, to: decision.to, effects: decision.effects };
}
