import { describe, expect, it } from 'vitest';
import {
  ACQUISITION_SURVEY_OPTIONS,
  SURVEY_DUPLICATE_ANSWER,
  SURVEY_NOTHING_PICKED,
  SURVEY_PICKABLE_IDS,
  SURVEY_TELL_US_MORE_MAX,
  SURVEY_TELL_US_MORE_TOO_LONG,
  SURVEY_UNKNOWN_ANSWER,
  surveyAnswerSchema,
  surveyAsksForMore,
  surveyParentOf,
} from './acquisition';

const issues = (input: unknown) => surveyAnswerSchema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];
const answer = (selectedItems: unknown, tellUsMore?: unknown) => ({ heardFrom: { selectedItems, tellUsMore } });

describe('the acquisition survey options', () => {
  it('nest the social networks under Social media and list the rest at the top', () => {
    expect(ACQUISITION_SURVEY_OPTIONS.map((option) => option.label)).toEqual(['Social media', 'Search engine', 'TV', 'Podcast', 'Friend or family', 'Other']);
    expect(ACQUISITION_SURVEY_OPTIONS[0]!.options!.map((option) => option.label)).toEqual(['Instagram', 'TikTok', 'Facebook', 'YouTube']);
  });
  it('can pick every sub-option and every option without any, never a parent itself', () => {
    expect(SURVEY_PICKABLE_IDS).toEqual(['instagram', 'tiktok', 'facebook', 'youtube', 'search-engine', 'tv', 'podcast', 'friend-or-family', 'other']);
    expect(surveyParentOf('tiktok')?.id).toBe('social-media');
    expect(surveyParentOf('tv')?.id).toBe('tv');
    expect(surveyParentOf('nope')).toBeUndefined();
  });
  it("asks for more only with 'Other'", () => {
    expect(surveyAsksForMore(['tv', 'other'])).toBe(true);
    expect(surveyAsksForMore(['tv'])).toBe(false);
  });
});

describe('a survey answer', () => {
  it('takes picked answers from the list', () => {
    expect(surveyAnswerSchema.parse(answer(['instagram', 'podcast']))).toEqual({ heardFrom: { selectedItems: ['instagram', 'podcast'], tellUsMore: null } });
  });
  it('needs at least one answer', () => {
    expect(issues(answer([]))).toEqual([`heardFrom.selectedItems: ${SURVEY_NOTHING_PICKED}`]);
  });
  it('refuses an answer not offered, a parent with sub-options, and the same answer twice', () => {
    expect(issues(answer(['radio']))).toEqual([`heardFrom.selectedItems.0: ${SURVEY_UNKNOWN_ANSWER}`]);
    expect(issues(answer(['social-media']))).toEqual([`heardFrom.selectedItems.0: ${SURVEY_UNKNOWN_ANSWER}`]);
    expect(issues(answer(['tv', 'tv']))).toEqual([`heardFrom.selectedItems: ${SURVEY_DUPLICATE_ANSWER}`]);
  });
  it("keeps the 'Other' text trimmed, up to the limit", () => {
    expect(surveyAnswerSchema.parse(answer(['other'], '  A leaflet at my GP  ')).heardFrom.tellUsMore).toBe('A leaflet at my GP');
    expect(surveyAnswerSchema.parse(answer(['other'], 'a'.repeat(SURVEY_TELL_US_MORE_MAX))).heardFrom.tellUsMore).toHaveLength(SURVEY_TELL_US_MORE_MAX);
    expect(issues(answer(['other'], 'a'.repeat(SURVEY_TELL_US_MORE_MAX + 1)))).toEqual([`heardFrom.tellUsMore: ${SURVEY_TELL_US_MORE_TOO_LONG}`]);
  });
  it("drops free text without 'Other', and blank text", () => {
    expect(surveyAnswerSchema.parse(answer(['tv'], 'secret')).heardFrom.tellUsMore).toBeNull();
    expect(surveyAnswerSchema.parse(answer(['other'], '   ')).heardFrom.tellUsMore).toBeNull();
    expect(surveyAnswerSchema.parse(answer(['other'], null)).heardFrom.tellUsMore).toBeNull();
  });
});
