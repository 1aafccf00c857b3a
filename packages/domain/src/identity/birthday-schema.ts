import { z } from 'zod';
import type { IsoDate } from '../delivery/calendar-date';
import { BIRTHDAY_INCOMPLETE_MESSAGE, birthdayError, parseBirthday, type BirthdayRuleOptions } from './birthday';

// The birthday rule (birthday.ts) as schemas for the sign-up forms and the API. Apart from the rule itself, so that a
// page which only formats or checks a birthday (the quiz) does not bring the schema library with it.

/** Entered as DD/MM/YYYY, sent as YYYY-MM-DD. */
export function birthdaySchema(options: BirthdayRuleOptions) {
  return z
    .string({ error: options.incompleteMessage ?? BIRTHDAY_INCOMPLETE_MESSAGE })
    .transform((value, ctx): IsoDate => {
      const message = birthdayError(value, options);
      if (message) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return parseBirthday(value)!;
    });
}

/**
 * The API's side of the same rule: the signup payload carries the birthday as YYYY-MM-DD, and the server
 * holds it to the same bounds and messages as the form.
 */
export function isoBirthdaySchema(options: BirthdayRuleOptions) {
  return z
    .string({ error: options.incompleteMessage ?? BIRTHDAY_INCOMPLETE_MESSAGE })
    .transform((value, ctx): IsoDate => {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
      const typed = match ? `${match[3]}/${match[2]}/${match[1]}` : value;
      const message = birthdayError(typed, options);
      if (message) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return parseBirthday(typed)!;
    });
}
