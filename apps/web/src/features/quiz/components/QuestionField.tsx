import { answerKind, invalidQuestionTypeMessage, type Question } from '@elmwood/domain';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { SafeHtml } from '../../../ui/SafeHtml';
import { ChoiceQuestion, MultiChoiceQuestion } from './ChoiceQuestion';
import { DateOfBirthQuestion } from './DateOfBirthQuestion';
import { DatetimeQuestion } from './DatetimeQuestion';
import { BmiQuestion, WeightQuestion } from './MeasurementQuestion';
import { TextQuestion } from './TextQuestion';
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
      return <ChoiceQuestion {...props} withImages={IMAGE_TYPES.includes(props.question.type.toLowerCase())} />;
    case 'multiple':
      return <MultiChoiceQuestion {...props} />;
    case 'text':
      return <TextQuestion {...props} />;
    case 'bmi':
      return <BmiQuestion {...props} />;
    case 'weight':
      return <WeightQuestion {...props} />;
    case 'datetime':
      return <DatetimeQuestion {...props} />;
    case 'dateOfBirth':
      return <DateOfBirthQuestion {...props} />;
    case 'date':
      // The same DD/MM/YYYY field, without the browser offering the patient's own birthday.
      return <DateOfBirthQuestion {...props} autoComplete="off" />;
    case null:
      return <UnknownQuestionType type={props.question.type} />;
  }
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
  const single = kind === 'text' || kind === 'dateOfBirth' || kind === 'date';
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
      <QuestionInput question={question} value={value} onChange={onChange} labelId={labelId} errorId={errorId} />
      <ErrorMessage id={errorElementId}>{error}</ErrorMessage>
      {info?.bottomInfo ? <InfoBox detail={info.bottomInfo} where="bottom" /> : null}
    </>
  );
  return (
    <div className="quiz-question" data-question-id={question.id}>
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
