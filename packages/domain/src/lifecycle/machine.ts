/**
 * A lifecycle as one transition table: for each event, the states it may leave, the state it leads to, who may
 * raise it and the named effects that follow. Applying an event is a pure decision; the API persists it with
 * `UPDATE … WHERE state = $from`, so a repeat or a second process finds nothing to do.
 */
export interface Transition<State extends string, Actor extends string, Effect extends string> {
  from: readonly State[];
  /** null: the state stays as it is (an event that only moves the money or records a fact). */
  to: State | null;
  by: readonly Actor[];
  effects: readonly Effect[];
}

export type Decision<State extends string, Effect extends string> =
  | { ok: true; from: State; to: State; effects: readonly Effect[] }
  | { ok: false; reason: 'not_from_this_state' | 'not_permitted' };

export interface Lifecycle<State extends string, Event extends string, Actor extends string, Effect extends string> {
  readonly states: readonly State[];
  readonly transitions: Readonly<Record<Event, Transition<State, Actor, Effect>>>;
  /** What `event` raised by `actor` does to an order or plan in `state`. */
  decide(state: State, event: Event, actor: Actor): Decision<State, Effect>;
  /** The events that can leave `state` (for buttons, queues and tests). */
  eventsFrom(state: State, actor?: Actor): Event[];
}

export function defineLifecycle<State extends string, Event extends string, Actor extends string, Effect extends string>(
  states: readonly State[],
  transitions: Record<Event, Transition<State, Actor, Effect>>,
): Lifecycle<State, Event, Actor, Effect> {
  const events = Object.keys(transitions) as Event[];
  for (const event of events) {
    const { from, to } = transitions[event];
    for (const state of [...from, ...(to ? [to] : [])]) {
      if (!states.includes(state)) throw new Error(`Lifecycle event ${event} names an unknown state ${state}`);
    }
  }
  return {
    states,
    transitions,
    decide(state, event, actor) {
      const transition = transitions[event];
      if (!transition.by.includes(actor)) return { ok: false, reason: 'not_permitted' };
      if (!transition.from.includes(state)) return { ok: false, reason: 'not_from_this_state' };
      return { ok: true, from: state, to: transition.to ?? state, effects: transition.effects };
    },
    eventsFrom(state, actor) {
      return events.filter((event) => transitions[event].from.includes(state) && (actor === undefined || transitions[event].by.includes(actor)));
    },
  };
}
