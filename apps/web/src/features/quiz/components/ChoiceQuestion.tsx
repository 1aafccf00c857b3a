import type { AnswerOption } from '@elmwood/domain';
import { Checkbox } from '../../../ui/Checkbox';
import { RadioCards, type RadioCardOption } from '../../../ui/RadioCards';
import { SafeHtml } from '../../../ui/SafeHtml';
import { answerFieldName } from '../formAnswers';
import type { QuestionInputProps } from './types';

function cardOption(option: AnswerOption, withImage: boolean): RadioCardOption {
  return {
    value: option.value,
    label: option.text,
    description: option.note ? <SafeHtml as="span" html={option.note} /> : undefined,
    image: withImage && option.image ? { src: option.image } : undefined,
  };
}

/**
 * One answer from a list, as radio cards (arrow keys move between them). imageChoice and imageselect show
 * each option's picture; productChoice values are 'PRODUCT|||VARIANT' and are sent as they are.
 */
export function ChoiceQuestion({ question, value, onChange, errorId, withImages = false }: QuestionInputProps & { withImages?: boolean }) {
  return (
    <RadioCards
      name={answerFieldName(question.id)}
      options={question.answers.map((option) => cardOption(option, withImages))}
      value={typeof value === 'string' ? value : null}
      onChange={onChange}
      aria-describedby={errorId}
      layout={withImages ? 'grid' : 'list'}
    />
  );
}

/** Several answers; an `exclusive` option ('None of these') clears the rest, and ticking another clears it. */
export function MultiChoiceQuestion({ question, value, onChange, errorId }: QuestionInputProps) {
  const selected = Array.isArray(value) ? (value as string[]) : [];
  const exclusive = new Set(question.answers.filter((option) => option.exclusive).map((option) => option.value));
  const toggle = (option: AnswerOption) => {
    if (selected.includes(option.value)) return onChange(selected.filter((item) => item !== option.value));
    if (exclusive.has(option.value)) return onChange([option.value]);
    onChange([...selected.filter((item) => !exclusive.has(item)), option.value]);
  };
  return (
    <div className="quiz-options">
      {question.answers.map((option) => (
        <Checkbox
          key={option.value}
          variant="card"
          name={answerFieldName(question.id)}
          value={option.value}
          label={option.text}
          description={option.note ? <SafeHtml as="span" html={option.note} /> : undefined}
          checked={selected.includes(option.value)}
          onChange={() => toggle(option)}
          aria-describedby={errorId}
        />
      ))}
    </div>
  );
}
