import { Suspense, useState } from 'react';
import { answerKind, invalidQuestionTypeMessage, type Question } from '@elmwood/domain';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { SafeHtml } from '../../../ui/SafeHtml';
import { ANSWER_KIND_ATTRIBUTE, isInputAtHand, BmiInput, ChoiceInput, CountInput, DateOfBirthInput, DatetimeInput, MultiChoiceInput, TextInput, WeightInput } from './questionInputs';
import type { QuestionInputProps } from './types';

interface QuestionFieldProps {
  question: Question;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string | null;
}

/** The error component of SPEC §8 for a question type the shop does not know. */
export function UnknownQuestionType({ type }: { type: string }) {
  return (
    <p className="quiz-unknown-type" role="alert">
      {invalidQuestionTypeMessage(type)}
    </p>
  );
}

const IMAGE_TYPES = ['imagechoice', 'imageselect'];

function QuestionInput(props: QuestionInputProps) {
  switch (answerKind(props.question.type)) {
    case 'single':
    case 'productChoice':
      return <ChoiceInput {...props} withImages={IMAGE_TYPES.includes(props.question.type.toLowerCase())} />;
    case 'multiple':
      return <MultiChoiceInput {...props} />;
    case 'text':
      return <TextInput {...props} />;
    case 'bmi':
      return <BmiInput {...props} />;
    case 'weight':
      return <WeightInput {...props} />;
    case 'datetime':
      return <DatetimeInput {...props} />;
    case 'dateOfBirth':
      return <DateOfBirthInput {...props} />;
    case 'date':
      // The same DD/MM/YYYY field, without the browser offering the patient's own birthday.
      return <DateOfBirthInput {...props} autoComplete="off" />;
    case 'count':
      return <CountInput {...props} />;
    case null:
      return <UnknownQuestionType type={props.question.type} />;
  }
}

/**
 * The input, in a Suspense boundary of its own only where its code is not yet here (a question an answer just
 * revealed): a boundary in the server's HTML would hydrate in a pass of its own, after the page has started.
 * Decided once, so the input is not started again when its code arrives.
 */
function LoadedQuestionInput(props: QuestionInputProps) {
  const kind = answerKind(props.question.type);
  const [atHand] = useState(() => kind === null || isInputAtHand(kind));
  return atHand ? (
    <QuestionInput {...props} />
  ) : (
    <Suspense fallback={null}>
      <QuestionInput {...props} />
    </Suspense>
  );
}

function InfoBox({ detail, where }: { detail: { text: string; type?: string }; where: 'top' | 'bottom' }) {
  return <SafeHtml className={`quiz-info quiz-info--${where} quiz-info--${detail.type ?? 'info'}`} html={detail.text} />;
}

/**
 * One question: its over-note, its text (markup sanitised) as the name of its group or field, its note and
 * info boxes, the input for its type, and its error (linked to the inputs and announced politely).
 * Questions answered in one box (textarea, date of birth) are labelled fields; the rest are fieldsets.
 */
export function QuestionField({ question, value, onChange, error }: QuestionFieldProps) {
  const labelId = `q-${question.id}-label`;
  const errorElementId = `q-${question.id}-error`;
  const errorId = error ? errorElementId : undefined;
  const kind = answerKind(question.type);
  const single = kind === 'text' || kind === 'dateOfBirth' || kind === 'date' || kind === 'count';
  const info = question.question_info_details;
  const heading = (
    <span id={labelId} className="quiz-question__text">
      <SafeHtml as="span" html={question.question} />
      {question.optional ? <span className="quiz-question__optional"> (optional)</span> : null}
    </span>
  );
  const body = (
    <>
      {question.note ? <SafeHtml className="quiz-question__note" html={question.note} /> : null}
      {info?.topInfo ? <InfoBox detail={info.topInfo} where="top" /> : null}
      <LoadedQuestionInput question={question} value={value} onChange={onChange} labelId={labelId} errorId={errorId} />
      <ErrorMessage id={errorElementId}>{error}</ErrorMessage>
      {info?.bottomInfo ? <InfoBox detail={info.bottomInfo} where="bottom" /> : null}
    </>
  );
  return (
    <div className="quiz-question" data-question-id={question.id} {...{ [ANSWER_KIND_ATTRIBUTE]: kind ?? undefined }}>
      {question.over_note ? <SafeHtml className="quiz-question__over-note" html={question.over_note} /> : null}
      {single ? (
        <div className="quiz-question__group">
          <label className="quiz-question__legend" htmlFor={`q-${question.id}`}>
            {heading}
          </label>
          {body}
        </div>
      ) : (
        <fieldset className="quiz-question__group" aria-describedby={errorId}>
          <legend className="quiz-question__legend">{heading}</legend>
          {body}
        </fieldset>
      )}
    </div>
  );
}
