import { useId, useState } from 'react';
import { INJECTION_SITES, type InjectionSite } from '@elmwood/domain';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { RadioCards } from '../../../ui/RadioCards';
import { Tag } from '../../../ui/Tag';
import { cx } from '../../../ui/cx';

/** The figure faces the patient: their right side is on the left of the picture. Rows top to bottom, right side first. */
const ROWS: readonly (readonly [InjectionSite, InjectionSite])[] = [
  ['upper-arm-right', 'upper-arm-left'],
  ['abdomen-right', 'abdomen-left'],
  ['thigh-right', 'thigh-left'],
];

/** Where each site sits on the drawing (viewBox 0 0 120 240). */
const SPOTS: Record<InjectionSite, { cx: number; cy: number }> = {
  'upper-arm-right': { cx: 27, cy: 66 },
  'upper-arm-left': { cx: 93, cy: 66 },
  'abdomen-right': { cx: 48, cy: 108 },
  'abdomen-left': { cx: 72, cy: 108 },
  'thigh-right': { cx: 46, cy: 176 },
  'thigh-left': { cx: 74, cy: 176 },
};

function Figure({ chosen, suggested }: { chosen: InjectionSite | null; suggested: InjectionSite | null }) {
  return (
    <svg className="body-map__figure" viewBox="0 0 120 240" aria-hidden="true" focusable="false">
      <circle cx="60" cy="22" r="15" className="body-map__body" />
      <path d="M34 42h52c7 0 12 5 13 12l9 62c1 5-6 7-8 2l-9-50v56l4 100c0 6-11 6-12 0l-9-86h-8l-9 86c-1 6-12 6-12 0l4-100V68l-9 50c-2 5-9 3-8-2l9-62c1-7 6-12 13-12z" className="body-map__body" />
      {(Object.keys(SPOTS) as InjectionSite[]).map((site) => (
        <circle
          key={site}
          {...SPOTS[site]}
          r="7"
          className={cx('body-map__spot', site === suggested && 'body-map__spot--suggested', site === chosen && 'body-map__spot--chosen')}
        />
      ))}
    </svg>
  );
}

interface BodyMapProps {
  value: InjectionSite | null;
  onChange: (site: InjectionSite) => void;
  suggested: InjectionSite | null;
  error?: string | null;
}

/**
 * 'Where did you inject?': the six sites on a drawing of the body, each a native radio (arrow keys move and choose,
 * as in any radio group), or the same choice as a list. The suggested next site is marked in both.
 */
export function BodyMap({ value, onChange, suggested, error }: BodyMapProps) {
  const id = useId();
  const [asList, setAsList] = useState(false);
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const label = (site: InjectionSite) => (
    <>
      {INJECTION_SITES[site]}
      {site === suggested ? (
        <>
          {' '}
          <Tag tone="info">Suggested</Tag>
        </>
      ) : null}
    </>
  );
  return (
    <fieldset className="field body-map" aria-describedby={describedBy}>
      <legend className="field__label">Where did you inject?</legend>
      <p id={`${id}-hint`} className="field__hint">
        {asList ? 'Choose the site from the list.' : 'The body faces you, so its right side is on your left.'}
        {suggested ? ` We suggest your ${INJECTION_SITES[suggested].toLowerCase()} this time: the site you have not used for longest.` : ''}
      </p>
      {asList ? (
        <RadioCards
          name={`${id}-site`}
          options={ROWS.flat().map((site) => ({ value: site, label: label(site) }))}
          value={value}
          onChange={(site) => onChange(site as InjectionSite)}
        />
      ) : (
        <div className="body-map__layout">
          <Figure chosen={value} suggested={suggested} />
          {ROWS.flatMap((row, index) =>
            row.map((site, side) => (
              <label
                key={site}
                className={cx(
                  'body-map__choice',
                  side === 0 ? 'body-map__choice--their-right' : 'body-map__choice--their-left',
                  site === suggested && 'body-map__choice--suggested',
                  site === value && 'body-map__choice--chosen',
                )}
                style={{ gridRow: index + 1 }}
              >
                <input type="radio" name={`${id}-site`} value={site} checked={value === site} onChange={() => onChange(site)} />
                <span>
                  {INJECTION_SITES[site]}
                  {/* On the drawing the suggestion is the dashed outline (the hint names it); the words are for screen readers. */}
                  {site === suggested ? <span className="visually-hidden"> (suggested)</span> : null}
                </span>
              </label>
            )),
          )}
        </div>
      )}
      <ErrorMessage id={`${id}-error`} className="field__error">
        {error}
      </ErrorMessage>
      <button type="button" className="btn btn--link body-map__switch" onClick={() => setAsList((list) => !list)}>
        {asList ? 'Choose on the body map' : 'Choose from a list instead'}
      </button>
    </fieldset>
  );
}
