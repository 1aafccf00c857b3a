import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { GP_SEARCH_MIN_LENGTH, GP_SEARCH_TOO_SHORT_MESSAGE, type GpPractice, type GpPracticeSummary } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { OptionList } from '../../../ui/OptionList';
import { TextField } from '../../../ui/TextField';
import { fetchGpPractice, searchGpPractices } from '../api';

interface GpPracticeSearchProps {
  /** The practice chosen, with its address and ODS code from the directory. */
  onChosen: (practice: GpPractice) => void;
  /** The patient types the practice themselves (not found, or the directory does not answer). */
  onEnterByHand: () => void;
}

const countOf = (practices: readonly GpPracticeSummary[]) => (practices.length === 1 ? '1 practice found' : `${practices.length} practices found`);

/** Step 2 of the GP flow: find the practice in the NHS directory by part of its name, and choose it from the list. */
export function GpPracticeSearch({ onChosen, onEnterByHand }: GpPracticeSearchProps) {
  const [name, setName] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const search = useMutation({ mutationFn: searchGpPractices });
  const choose = useMutation({ mutationFn: fetchGpPractice, onSuccess: onChosen });

  const find = (event: FormEvent) => {
    event.preventDefault();
    const wanted = name.trim();
    setTooShort(wanted.length < GP_SEARCH_MIN_LENGTH);
    if (wanted.length >= GP_SEARCH_MIN_LENGTH) search.mutate(wanted);
  };
  const found = search.data?.practices;
  const failure = search.error ?? choose.error;

  return (
    <div className="gp-search">
      <form className="gp-search__form" onSubmit={find} noValidate aria-label="Find your GP practice" role="search">
        <TextField
          label="Practice name"
          hint="Part of the name is enough, such as 'Park Surgery'."
          autoComplete="organization"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={tooShort ? GP_SEARCH_TOO_SHORT_MESSAGE : null}
        />
        <Button type="submit" variant="secondary" loading={search.isPending}>
          Search
        </Button>
      </form>
      <ErrorMessage className="auth-form__error">{failure?.message}</ErrorMessage>
      {found && found.length > 0 ? (
        <OptionList
          className="gp-search__results"
          label="Select your practice"
          hint={countOf(found)}
          options={found}
          optionKey={(practice) => practice.odsCode}
          renderOption={(practice) => (
            <span className="gp-search__option">
              <span className="gp-search__name">{practice.name}</span> <span className="gp-search__postcode">{practice.postcode}</span>
            </span>
          )}
          onChoose={(practice) => choose.mutate(practice.odsCode)}
        />
      ) : null}
      {found && found.length === 0 ? (
        <p className="gp-search__none" role="status">
          No practices found. Check the name, or enter your practice&apos;s details yourself.
        </p>
      ) : null}
      <Button variant="link" onClick={onEnterByHand}>
        Enter my practice&apos;s details myself
      </Button>
    </div>
  );
}
