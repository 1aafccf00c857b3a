/** The spec's generic message for a missing field (SPEC §5 "Generic messages", §8). */
export const REQUIRED_MESSAGE = 'Required';
