import { z } from 'zod';

/** One answer of 'How did you hear about us?': a leaf is picked; an option with sub-options is drilled into. */
export interface SurveyOption {
  id: string;
  label: string;
  options?: readonly SurveyOption[];
}

/** SPEC §2 acquisition survey, §4 Survey: the only list the page shows and the API accepts. */
export const ACQUISITION_SURVEY_OPTIONS: readonly SurveyOption[] = [
  {
    id: 'social-media',
    label: 'Social media',
    options: [
      { id: 'instagram', label: 'Instagram' },
      { id: 'tiktok', label: 'TikTok' },
      { id: 'facebook', label: 'Facebook' },
      { id: 'youtube', label: 'YouTube' },
    ],
  },
  { id: 'search-engine', label: 'Search engine' },
  { id: 'tv', label: 'TV' },
  { id: 'podcast', label: 'Podcast' },
  { id: 'friend-or-family', label: 'Friend or family' },
  { id: 'other', label: 'Other' },
];

export const SURVEY_QUESTION = 'How did you hear about us?';
export const SURVEY_TELL_US_MORE_LABEL = 'Could you tell us more?';
/** SPEC §8. */
export const SURVEY_SUCCESS_MESSAGE = 'Thank you for your valuable feedback!';
export const SURVEY_FAILURE_MESSAGE = 'Something went wrong there';
/** The 'Other' answer, whose free text is kept. */
export const SURVEY_OTHER_ID = 'other';
export const SURVEY_TELL_US_MORE_MAX = 500;
export const SURVEY_TELL_US_MORE_TOO_LONG = `Please keep this to ${SURVEY_TELL_US_MORE_MAX} characters or fewer`;
export const SURVEY_NOTHING_PICKED = 'Please pick at least one answer';
export const SURVEY_UNKNOWN_ANSWER = 'is not one of the answers offered';
export const SURVEY_DUPLICATE_ANSWER = 'lists the same answer twice';
/** localStorage key: set once the patient answered or closed the survey, so this browser never shows it again. */
export const SURVEY_DONE_STORAGE_KEY = 'acquisitionSurveyDone';

/** The answers that can be picked: options without sub-options, and every sub-option. */
export const SURVEY_PICKABLE_IDS: readonly string[] = ACQUISITION_SURVEY_OPTIONS.flatMap((option) =>
  option.options ? option.options.map((sub) => sub.id) : [option.id],
);

/** The top-level option a picked answer sits under (itself when it has no sub-options). */
export function surveyParentOf(id: string): SurveyOption | undefined {
  return ACQUISITION_SURVEY_OPTIONS.find((option) => option.id === id || option.options?.some((sub) => sub.id === id));
}

/** Whether the free text 'Could you tell us more?' belongs with these answers. */
export function surveyAsksForMore(selectedItems: readonly string[]): boolean {
  return selectedItems.includes(SURVEY_OTHER_ID);
}

/**
 * SPEC §3 Survey answer. Picked answers from the one list, each once; the 'Other' text trimmed, at most
 * SURVEY_TELL_US_MORE_MAX characters, and kept only when 'Other' is picked (nothing more is collected than asked).
 */
export const surveyAnswerSchema = z
  .object({
    heardFrom: z.object({
      selectedItems: z
        .array(z.string().refine((id) => SURVEY_PICKABLE_IDS.includes(id), SURVEY_UNKNOWN_ANSWER))
        .min(1, SURVEY_NOTHING_PICKED)
        .max(SURVEY_PICKABLE_IDS.length)
        .refine((items) => new Set(items).size === items.length, SURVEY_DUPLICATE_ANSWER)
        .describe(`Picked answer ids: ${SURVEY_PICKABLE_IDS.join(', ')}`),
      tellUsMore: z
        .string()
        .max(SURVEY_TELL_US_MORE_MAX * 2, SURVEY_TELL_US_MORE_TOO_LONG)
        .transform((text) => text.trim())
        .refine((text) => text.length <= SURVEY_TELL_US_MORE_MAX, SURVEY_TELL_US_MORE_TOO_LONG)
        .nullish()
        .describe("Free text with 'other'; dropped otherwise"),
    }),
  })
  .transform(({ heardFrom }) => ({
    heardFrom: {
      selectedItems: heardFrom.selectedItems,
      tellUsMore: surveyAsksForMore(heardFrom.selectedItems) && heardFrom.tellUsMore ? heardFrom.tellUsMore : null,
    },
  }));
export type SurveyAnswerInput = z.input<typeof surveyAnswerSchema>;
export type SurveyAnswer = z.output<typeof surveyAnswerSchema>;

/** Whether the signed-in patient has answered already (the server's done flag). */
export const surveyStatusSchema = z.object({ done: z.boolean() });
export type SurveyStatus = z.infer<typeof surveyStatusSchema>;
