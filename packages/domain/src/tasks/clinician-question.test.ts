import { describe, expect, it } from 'vitest';
import { clinicianQuestionOf, INFORMATION_ANSWER_MESSAGES, informationAnswerProblem } from './clinician-question';

const PHOTO = '0b7f8a3e-4c1d-4e5f-8a9b-1c2d3e4f5a6b';

describe("answering a prescriber's question", () => {
  it('needs words, or the photo when one was asked for', () => {
    expect(informationAnswerProblem({}, false)).toBe(INFORMATION_ANSWER_MESSAGES.needed);
    expect(informationAnswerProblem({ text: '   ' }, false)).toBe(INFORMATION_ANSWER_MESSAGES.needed);
    expect(informationAnswerProblem({ text: '  ' }, true)).toBe(INFORMATION_ANSWER_MESSAGES.neededWithPhoto);
    expect(informationAnswerProblem({ text: 'Since March.' }, false)).toBeNull();
    expect(informationAnswerProblem({ photoId: PHOTO }, true)).toBeNull();
    expect(informationAnswerProblem({ photoId: PHOTO, text: 'Taken this morning.' }, true)).toBeNull();
    // A patient who cannot take the photo says so; the prescriber decides.
    expect(informationAnswerProblem({ text: 'I have no camera.' }, true)).toBeNull();
  });

  it('refuses a photo nobody asked for and an answer too long', () => {
    expect(informationAnswerProblem({ photoId: PHOTO }, false)).toBe(INFORMATION_ANSWER_MESSAGES.photoNotAsked);
    expect(informationAnswerProblem({ text: 'x'.repeat(2001) }, false)).toBe(INFORMATION_ANSWER_MESSAGES.tooLong);
    expect(informationAnswerProblem({ text: 'x'.repeat(2000) }, false)).toBeNull();
  });

  it('reads the question from the task', () => {
    expect(clinicianQuestionOf({ question: 'How long?', photoRequested: true, askedBy: 'Dr A (GMC 1)' })).toEqual({ question: 'How long?', photoRequested: true, askedBy: 'Dr A (GMC 1)' });
    expect(clinicianQuestionOf({ question: 'How long?' })).toEqual({ question: 'How long?', photoRequested: false, askedBy: null });
    expect(clinicianQuestionOf({})).toBeNull();
  });
});
