import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';
import './OptionList.css';

interface OptionListProps<T> {
  /** The list's visible name ('Select your address'). */
  label: string;
  /** Under the name, also read as the list's description ('3 addresses found'). */
  hint?: string;
  options: readonly T[];
  optionKey: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  /** The option was chosen: Enter on it, or a click or tap. */
  onChoose: (option: T) => void;
  className?: string;
}

/**
 * One choice from a list of search results, as an ARIA listbox: the arrow keys (and Home, End) move through the
 * options without choosing, Enter or a tap chooses, and focus stays on the list meanwhile. Long options wrap, so
 * the list never makes a phone's page wider than the screen (a native select sizes itself to its longest option,
 * and its arrow keys choose as they move).
 */
export function OptionList<T>({ label, hint, options, optionKey, renderOption, onChoose, className }: OptionListProps<T>) {
  const id = useId();
  const [active, setActive] = useState(-1);
  const activeIndex = Math.min(active, options.length - 1);
  const optionId = (index: number) => `${id}-option-${index}`;

  // The option moved to stays in view in a list taller than its box.
  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(`${id}-option-${activeIndex}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [id, activeIndex]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = options.length - 1;
    const move: Partial<Record<string, number>> = {
      ArrowDown: Math.min(activeIndex + 1, last),
      ArrowUp: Math.max(activeIndex - 1, 0),
      Home: 0,
      End: last,
    };
    const target = move[event.key];
    if (target !== undefined) {
      event.preventDefault();
      setActive(target);
    } else if (event.key === 'Enter' && activeIndex >= 0) {
      event.preventDefault();
      onChoose(options[activeIndex]!);
    }
  };

  return (
    <div className={cx('option-list', className)}>
      <span id={`${id}-label`} className="field__label">
        {label}
      </span>
      {hint ? (
        <span id={`${id}-hint`} className="field__hint" role="status">
          {hint}
        </span>
      ) : null}
      <ul
        role="listbox"
        tabIndex={0}
        className="option-list__box"
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        onFocus={() => setActive((current) => (current < 0 ? 0 : current))}
        onKeyDown={onKeyDown}
      >
        {options.map((option, index) => (
          <li
            key={optionKey(option)}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            className={cx('option-list__option', index === activeIndex && 'option-list__option--active')}
            onClick={() => {
              setActive(index);
              onChoose(option);
            }}
          >
            {renderOption(option)}
          </li>
        ))}
      </ul>
    </div>
  );
}
