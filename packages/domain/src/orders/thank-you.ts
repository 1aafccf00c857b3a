/**
 * Which thank-you headline a completed order gets (SPEC §2 Order success page). Open critical tasks come first: a
 * patient whose order still waits on their photo ID is not 'all set', whatever call they have booked.
 */
export function thankYouHeadline(input: { firstName: string; hasBooking: boolean; hasCriticalTasks: boolean }): string {
  if (input.hasCriticalTasks) return `Almost done, ${input.firstName}, one more step before you can get your order`;
  if (input.hasBooking) return `Thank you, ${input.firstName}, you're all set`;
  return `Thanks for your order, ${input.firstName}`;
}

export interface NextStep {
  title: string;
  actionNeeded: boolean;
}

/** The steps already done are those listed before the first one needing action (SPEC §4). */
export function finishedStepCount(steps: readonly NextStep[]): number {
  const firstOpen = steps.findIndex((step) => step.actionNeeded);
  return firstOpen === -1 ? steps.length : firstOpen;
}

/** Under 'Thanks for your order, {first name}' (SPEC §2). */
export function orderEmailNote(email: string): string {
  return `We've emailed your order confirmation to ${email}.`;
}

/** The open tasks the order waits on (the 'Almost done' headline and the critical task module). */
export function openCriticalTasks<T extends { state: string; taskDefinition: { isCritical: boolean } }>(tasks: readonly T[]): T[] {
  return tasks.filter((task) => task.state === 'open' && task.taskDefinition.isCritical);
}
