/**
 * The MHRA's Yellow Card scheme, where patients report suspected side effects themselves. Every side-effect
 * outcome a patient sees (a check-in's outcome, a side-effect email) points to it. Source: MHRA Yellow Card
 * scheme; GPhC guidance for registered pharmacies providing services at a distance (2025): reporting adverse reactions.
 */
export const YELLOW_CARD = {
  url: 'https://yellowcard.mhra.gov.uk/',
  linkText: 'the MHRA Yellow Card scheme',
  /** The sentence around the link: before and after it. */
  before: 'You can also report a suspected side effect to ',
  after: ' (yellowcard.mhra.gov.uk). It helps keep medicines safe for everyone.',
} as const;

/** The sentence as plain text, with the address, for a text email. */
export const yellowCardText = (): string => `${YELLOW_CARD.before}${YELLOW_CARD.linkText}${YELLOW_CARD.after}`;
