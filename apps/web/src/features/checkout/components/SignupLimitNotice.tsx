import { SIGNUP_LIMIT_HEADLINE, signupLimitWait } from '@elmwood/domain';
import { SocialSignIn } from '../../auth';
import { Button } from '../../../ui/Button';

interface SignupLimitNoticeProps {
  /** The refusal's Retry-After in seconds, when it came with one. */
  retryAfterSeconds: number | null;
  cartToken: string;
  onLoginInstead: () => void;
  onSignedIn: () => void;
}

/**
 * The sign-up refused by the limits on new accounts: how long until it can be tried again, and the ways in that stay
 * open now (log in, Google or Apple), with the basket kept for whichever the patient takes.
 */
export function SignupLimitNotice({ retryAfterSeconds, cartToken, onLoginInstead, onSignedIn }: SignupLimitNoticeProps) {
  return (
    <div className="signup-limit">
      <div className="signup-limit__message" role="alert">
        <p className="signup-limit__title">{SIGNUP_LIMIT_HEADLINE}</p>
        <p>
          {retryAfterSeconds === null ? 'Please try again later.' : signupLimitWait(retryAfterSeconds)} Your basket is saved.
        </p>
      </div>
      <p>Already have an account? Log in, or continue with Google or Apple.</p>
      <Button variant="secondary" block onClick={onLoginInstead}>
        Log in
      </Button>
      <SocialSignIn cartToken={cartToken} onSignedIn={onSignedIn} />
    </div>
  );
}
