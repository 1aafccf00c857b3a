import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { THIRD_PARTY_SCRIPTS } from '@elmwood/domain';
import { useScript } from '../../../lib/useScript';
import { Button } from '../../../ui/Button';
import { CheckboxField } from '../../../ui/TextField';
import { authKeys } from '../api';
import { fetchNonce, sendIdToken, socialErrorText, socialKeys, type SocialConfig, type SocialProvider } from '../socialApi';

/** The parts of Google Identity Services and Sign in with Apple JS used here (their scripts define them). */
interface GoogleIdentity {
  initialize(options: { client_id: string; nonce: string; ux_mode: 'popup'; callback: (response: { credential: string }) => void }): void;
  renderButton(parent: HTMLElement, options: { type: 'standard'; theme: 'outline'; size: 'large'; text: 'continue_with'; shape: 'rectangular'; width: number }): void;
}
interface AppleIdAuth {
  init(options: { clientId: string; scope: string; redirectURI: string; nonce: string; usePopup: true }): void;
  signIn(): Promise<{ authorization: { id_token: string } }>;
}
interface ProviderWindow {
  google?: { accounts?: { id?: GoogleIdentity } };
  AppleID?: { auth?: AppleIdAuth };
}
const providerWindow = () => window as unknown as ProviderWindow;

/**
 * Live social sign-in: Google Identity Services renders Google's own button, Sign in with Apple JS opens Apple's
 * popup; both are set up with the server's nonce and hand back an ID token that the server checks. A nonce is
 * used once, so a fresh one is fetched after every attempt.
 */
export default function LiveSocialSignIn({ config, cartToken, onSignedIn }: { config: SocialConfig; cartToken: string | null; onSignedIn: () => void }) {
  const client = useQueryClient();
  const [agree, setAgree] = useState(false);
  const nonce = useQuery({ queryKey: socialKeys.nonce, queryFn: ({ signal }) => fetchNonce(signal), staleTime: 9 * 60_000, gcTime: 0 });
  const googleScript = useScript(config.google ? THIRD_PARTY_SCRIPTS.googleSignIn.src : null);
  const appleScript = useScript(config.apple ? THIRD_PARTY_SCRIPTS.appleSignIn.src : null);
  const googleButton = useRef<HTMLDivElement>(null);

  const signIn = useMutation({
    mutationFn: ({ provider, idToken }: { provider: SocialProvider; idToken: string }) => sendIdToken(provider, idToken, { agree, cartToken }),
    onSuccess: (user) => {
      client.setQueryData(authKeys.me, user);
      onSignedIn();
    },
    onSettled: () => void nonce.refetch(),
  });
  // Google calls back into whatever was current when it was set up: it reads the latest through this.
  const send = useRef(signIn.mutate);
  useEffect(() => {
    send.current = signIn.mutate;
  }, [signIn.mutate]);

  const currentNonce = nonce.data?.nonce ?? null;
  useEffect(() => {
    const identity = providerWindow().google?.accounts?.id;
    const parent = googleButton.current;
    if (googleScript !== 'ready' || !identity || !currentNonce || !parent || !config.google) return;
    identity.initialize({ client_id: config.google.clientId, nonce: currentNonce, ux_mode: 'popup', callback: (response) => send.current({ provider: 'google', idToken: response.credential }) });
    identity.renderButton(parent, { type: 'standard', theme: 'outline', size: 'large', text: 'continue_with', shape: 'rectangular', width: Math.min(400, parent.clientWidth || 320) });
  }, [googleScript, currentNonce, config.google]);

  const appleAuth = appleScript === 'ready' ? providerWindow().AppleID?.auth : undefined;
  useEffect(() => {
    if (!appleAuth || !currentNonce || !config.apple) return;
    appleAuth.init({ clientId: config.apple.clientId, scope: 'name email', redirectURI: `${window.location.origin}/login`, nonce: currentNonce, usePopup: true });
  }, [appleAuth, currentNonce, config.apple]);

  const withApple = async () => {
    if (!appleAuth) return;
    try {
      const answer = await appleAuth.signIn();
      signIn.mutate({ provider: 'apple', idToken: answer.authorization.id_token });
    } catch (error) {
      // Closing Apple's window is the patient's choice, not an error to show.
      console.info('Sign in with Apple closed', error);
    }
  };

  return (
    <div className="social-sign-in">
      <CheckboxField
        label={
          <>
            I agree to the <Link to="/pages/terms">terms</Link> and <Link to="/pages/privacy">privacy policy</Link> (needed for a new account)
          </>
        }
        checked={agree}
        onChange={(event) => setAgree(event.target.checked)}
      />
      {config.google ? <div ref={googleButton} className="social-sign-in__google" /> : null}
      {config.apple ? (
        <Button variant="secondary" block onClick={() => void withApple()} disabled={!appleAuth || !currentNonce} loading={signIn.isPending && signIn.variables?.provider === 'apple'}>
          Continue with Apple
        </Button>
      ) : null}
      {signIn.isError ? (
        <p className="auth-form__error" role="alert">
          {socialErrorText(signIn.error.message)}
        </p>
      ) : null}
    </div>
  );
}
