import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { LOOKUP_MESSAGES, POSTCODE_MAX_LENGTH, typedPostcode, type LookupAddress } from '@elmwood/domain';
import { isApiError } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { OptionList } from '../../../ui/OptionList';
import { TextField } from '../../../ui/TextField';
import { lookupPostcode } from '../api';

interface PostcodeFinderProps {
  /** The postcode typed so far, kept by the caller (the address draft); the finder keeps its own when left out. */
  postcode?: string;
  onPostcodeChange?: (postcode: string) => void;
  onPick: (address: LookupAddress) => void;
  onUnavailable: (message: string) => void;
}

/** Postcode → a list of addresses → one picked fills the form (SPEC §4 postcode finder, §8 messages). */
export function PostcodeFinder({ postcode: given, onPostcodeChange, onPick, onUnavailable }: PostcodeFinderProps) {
  const [own, setOwn] = useState('');
  const postcode = given ?? own;
  const setPostcode = onPostcodeChange ?? setOwn;
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
          onChange={(event) => setPostcode(typedPostcode(event.target.value))}
          error={message}
        />
        <Button type="submit" variant="secondary" loading={lookup.isPending}>
          Find address
        </Button>
      </form>
      {lookup.data ? (
        <OptionList
          className="postcode-finder__results"
          label="Select your address"
          hint={`${lookup.data.addresses.length} addresses found`}
          options={lookup.data.addresses}
          optionKey={(address) => address.label}
          renderOption={(address) => address.label}
          onChoose={onPick}
        />
      ) : null}
    </div>
  );
}
