/**
 * Experiments split customers into buckets deterministically: the same customer and experiment always
 * land in the same bucket, so a page reload or a second device shows the same variant.
 */
export interface Experiment<Bucket extends string = string> {
  name: string;
  buckets: readonly Bucket[];
}

/** The recurring-discount test: 'gift' takes £20 off the 2nd and 3rd month rows (SPEC §9). */
export const RECURRING_DISCOUNT_EXPERIMENT: Experiment<'control' | 'gift'> = { name: 'recurring-discount', buckets: ['control', 'gift'] };

/**
 * SPEC's critical-tasks thank-you test: 'app' shows a patient whose order waits on their tasks the installed app (its
 * QR code or install page, the three steps to finish there) with 'Continue on web' remembered for the session.
 */
export const CRITICAL_TASKS_APP_EXPERIMENT: Experiment<'web' | 'app'> = { name: 'critical-tasks-thank-you', buckets: ['web', 'app'] };

/** The experiments running now. */
export const EXPERIMENTS = [RECURRING_DISCOUNT_EXPERIMENT, CRITICAL_TASKS_APP_EXPERIMENT] as const;

/** SPEC §2: the three steps the app variant of the thank-you page lists. */
export const APP_THANK_YOU_CHECKLIST = ['Complete assessment', 'Verify your identity', 'Add a full-length photo'] as const;

/** FNV-1a, 32 bit: a small stable hash that is the same in every browser and on the server. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function bucketFor<Bucket extends string>(experiment: Experiment<Bucket>, subjectId: string): Bucket {
  return experiment.buckets[fnv1a(`${experiment.name}:${subjectId}`) % experiment.buckets.length]!;
}

/**
 * The bucket to show: one forced by name (a tester's `?experiment-{name}=bucket`) when it is one of the
 * experiment's buckets, else the subject's own. An unknown forced value is ignored.
 */
export function bucketWithOverride<Bucket extends string>(experiment: Experiment<Bucket>, subjectId: string, forced: string | null | undefined): Bucket {
  const named = experiment.buckets.find((bucket) => bucket === forced);
  return named ?? bucketFor(experiment, subjectId);
}

/** The query parameter that forces an experiment's bucket for testing: 'experiment-recurring-discount'. */
export function experimentQueryParam(experiment: Experiment): string {
  return `experiment-${experiment.name}`;
}

/** The longest visitor id an account takes its buckets from (the browser makes a UUID; anything longer is not ours). */
export const VISITOR_ID_MAX_LENGTH = 64;

/**
 * A visitor's bucket in every running experiment, from the id their browser keeps. Stored on the account they
 * open, so the prices they saw before signing up are the prices they see after (the account would otherwise be
 * bucketed afresh by its uid).
 */
export function visitorBuckets(visitorId: string): Record<string, string> {
  return Object.fromEntries(EXPERIMENTS.map((experiment) => [experiment.name, bucketFor(experiment, visitorId)]));
}

/**
 * The bucket a signed-in patient sees: the one stored on their account (carried over from their visit, or assigned
 * by uid), when it is one of the experiment's; else, until the account's answer is known, the browser's own. With no
 * visitor id (a page rendered on the server, which cannot know the browser's), the first bucket: the control.
 */
export function accountBucket<Bucket extends string>(experiment: Experiment<Bucket>, stored: Readonly<Record<string, string>> | undefined, visitorId: string | null): Bucket {
  const named = experiment.buckets.find((bucket) => bucket === stored?.[experiment.name]);
  return named ?? (visitorId === null ? experiment.buckets[0]! : bucketFor(experiment, visitorId));
}
