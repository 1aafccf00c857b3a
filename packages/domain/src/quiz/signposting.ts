/** Somewhere to turn after a rejection: what it is for, who to contact and how. */
export interface Signpost {
  id: 'gp' | 'nhs-111' | 'beat';
  title: string;
  text: string;
  link: { href: string; label: string } | null;
}

const GP: Signpost = {
  id: 'gp',
  title: 'Talk to your GP.',
  text: 'Your GP knows your history and can talk through other ways to help, including NHS services.',
  link: null,
};
const NHS_111: Signpost = {
  id: 'nhs-111',
  title: 'Worried about your health right now?',
  text: 'Call NHS 111 or use NHS 111 online, any time of day. In an emergency, call 999.',
  link: { href: 'https://111.nhs.uk', label: 'NHS 111 online' },
};
const BEAT: Signpost = {
  id: 'beat',
  title: 'Support with eating and weight.',
  text: "Beat, the UK's eating disorder charity, runs a free, confidential helpline: 0808 801 0677 (England).",
  link: { href: 'https://www.beateatingdisorders.org.uk', label: 'Beat eating disorder support' },
};

/**
 * Where a rejection points the patient so it is never a dead end: always their GP and NHS 111, and Beat's
 * helpline for someone underweight or who told us about an eating disorder (asking for weight-loss medicine then
 * is itself a warning sign).
 */
export function rejectionSignposts(rejection: { ruleId: string; underweight: boolean }): Signpost[] {
  const eatingConcern = rejection.underweight || rejection.ruleId === 'eating-disorder';
  return eatingConcern ? [GP, BEAT, NHS_111] : [GP, NHS_111];
}
