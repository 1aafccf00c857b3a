import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { LOOKUP_MESSAGES, normalisePostcode, POSTCODE_MAX_LENGTH, type LookupAddress } from '@elmwood/domain';
import { isApiError } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { lookupPostcode } from '../api';

/** Postcode → a list of addresses → one picked fills the form (SPEC §4 postcode finder, §8 messages). */
export function PostcodeFinder({ onPick, onUnavailable }: { onPick: (address: LookupAddress) => void; onUnavailable: (message: string) => void }) {
  const id = useId();
  const [postcode, setPostcode] = useState('');
  const lookup = useMutation({ mutationFn: lookupPostcode });
  const failure = lookup.error;
  const busy = isApiError(failure) && (failure.code === '4020' || failure.code === '4021');
  const message = !failure || busy ? null : isApiError(failure) && failure.code === '4040' ? LOOKUP_MESSAGES.notFound : LOOKUP_MESSAGES.unknown;

  const find = (event: FormEvent) => {
    event.preventDefault();
    if (!postcode.trim()) return;
    lookup.mutate(postcode, {
      onError: (error) => {
        // Busy or out of lookups: a passing notice only, the form stays as it is (SPEC §8).
        if (isApiError(error) && (error.code === '4020' || error.code === '4021')) onUnavailable(LOOKUP_MESSAGES.unavailable);
      },
    });
  };

  return (
    <div className="postcode-finder">
      <form className="postcode-finder__search" onSubmit={find} noValidate aria-label="Find your address">
        <TextField
          label="Postcode"
          autoComplete="postal-code"
          maxLength={POSTCODE_MAX_LENGTH}
          value={postcode}
          onChange={(event) => setPostcode(normalisePostcode(event.target.value))}
          error={message}
        />
        <Button type="submit" variant="secondary" loading={lookup.isPending}>
          Find address
        </Button>
      </form>
      {lookup.data ? (
        <div className="postcode-finder__results">
          <label htmlFor={`${id}-pick`} className="field__label">
            Select your address
          </label>
          <select
            id={`${id}-pick`}
            className="programme__select"
            defaultValue=""
            onChange={(event) => {
              const picked = lookup.data.addresses[Number(event.target.value)];
              if (picked) onPick(picked);
            }}
          >
            <option value="" disabled>
              {lookup.data.addresses.length} addresses found
            </option>
            {lookup.data.addresses.map((address, index) => (
              <option key={address.label} value={index}>
                {address.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </div>
  );
}
