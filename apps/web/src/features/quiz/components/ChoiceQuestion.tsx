import type { AnswerOption } from '@elmwood/domain';
import { SafeHtml } from '../../../ui/SafeHtml';
import type { QuestionInputProps } from './types';

/**
 * One answer from a list, as cards with native radios (arrow keys move between them). imageChoice and
 * imageselect show each option's picture; productChoice values are 'PRODUCT|||VARIANT'.
 */
export function ChoiceQuestion({ question, value, onChange, errorId, withImages = false }: QuestionInputProps & { withImages?: boolean }) {
  const name = `q-${question.id}`;
  return (
    <div className={withImages ? 'choice-cards choice-cards--images' : 'choice-cards'}>
      {question.answers.map((option) => (
        <OptionCard
          key={option.value}
          option={option}
          type="radio"
          name={name}
          checked={value === option.value}
          onChange={() => onChange(option.value)}
          withImage={withImages}
          errorId={errorId}
        />
      ))}
    </div>
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
    <div className="choice-cards">
      {question.answers.map((option) => (
        <OptionCard
          key={option.value}
          option={option}
          type="checkbox"
          name={`q-${question.id}`}
          checked={selected.includes(option.value)}
          onChange={() => toggle(option)}
          errorId={errorId}
        />
      ))}
    </div>
  );
}

interface OptionCardProps {
  option: AnswerOption;
  type: 'radio' | 'checkbox';
  name: string;
  checked: boolean;
  onChange: () => void;
  withImage?: boolean;
  errorId?: string;
}

function OptionCard({ option, type, name, checked, onChange, withImage = false, errorId }: OptionCardProps) {
  return (
    <label className={checked ? 'choice-card choice-card--checked' : 'choice-card'}>
      <input
        className="choice-card__input"
        type={type}
        name={name}
        value={option.value}
        checked={checked}
        onChange={onChange}
        aria-describedby={errorId}
      />
      {withImage && option.image ? <img className="choice-card__image" src={option.image} alt="" width={96} height={96} /> : null}
      <span className="choice-card__text">
        <span className="choice-card__label">{option.text}</span>
        {option.note ? <SafeHtml as="span" className="choice-card__note" html={option.note} /> : null}
      </span>
    </label>
  );
}
