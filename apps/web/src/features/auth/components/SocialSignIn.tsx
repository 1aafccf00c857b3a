import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { emailSchema } from '@elmwood/domain';
import { apiGet, apiRequest } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { CheckboxField, TextField } from '../../../ui/TextField';
import { authKeys } from '../api';
import { fetchNonce, PROVIDER_NAMES, sendIdToken, socialErrorText, socialKeys, type SocialConfig, type SocialProvider as Provider } from '../socialApi';

// Google's and Apple's own buttons and scripts: only pages showing the buttons in live mode download them.
const LiveSocialSignIn = lazy(() => import('./LiveSocialSignIn'));

interface SandboxIdentity {
  email: string;
  firstName: string;
  lastName: string;
  agree: boolean;
}

interface SocialSignInProps {
  cartToken?: string | null;
  onSignedIn: () => void;
}

/**
 * 'Continue with Google' and 'Continue with Apple'. The server hands out a nonce, the provider returns an
 * ID token carrying it, and the server verifies both. In live mode Google's and Apple's scripts do the signing
 * in (loaded by this component only); in the sandbox (the default outside production) a small form stands in
 * for the provider's own sign-in page. Where social sign-in is off, no buttons show.
 */
export function SocialSignIn({ cartToken = null, onSignedIn }: SocialSignInProps) {
  const config = useQuery({
    queryKey: socialKeys.config,
    queryFn: ({ signal }) => apiGet<SocialConfig>('/shop-api/social-login/config', undefined, signal),
    staleTime: Infinity,
    retry: false,
  });
  if (!config.data) return null;
  if (config.data.mode === 'live') {
    return (
      <Suspense fallback={null}>
        <LiveSocialSignIn config={config.data} cartToken={cartToken} onSignedIn={onSignedIn} />
      </Suspense>
    );
  }
  return <SandboxSocialSignIn cartToken={cartToken} onSignedIn={onSignedIn} />;
}

function SandboxSocialSignIn({ cartToken = null, onSignedIn }: SocialSignInProps) {
  const client = useQueryClient();
  const [provider, setProvider] = useState<Provider | null>(null);
  const [identity, setIdentity] = useState<SandboxIdentity>({ email: '', firstName: '', lastName: '', agree: false });
  const [emailError, setEmailError] = useState<string | null>(null);

  const signIn = useMutation({
    mutationFn: async ({ chosen, who }: { chosen: Provider; who: SandboxIdentity }) => {
      const { nonce, mode } = await fetchNonce();
      if (mode !== 'sandbox') throw new Error(`Signing in with ${PROVIDER_NAMES[chosen]} is not available right now. Please use your email.`);
      const { idToken } = await apiRequest<{ idToken: string }>(`/shop-api/social-login/sandbox/${chosen}/id-token`, {
        method: 'POST',
        body: { email: who.email, firstName: who.firstName || undefined, lastName: who.lastName || undefined, nonce },
      });
      return sendIdToken(chosen, idToken, { agree: who.agree, cartToken });
    },
    onSuccess: (user) => {
      client.setQueryData(authKeys.me, user);
      setProvider(null);
      onSignedIn();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const email = emailSchema.safeParse(identity.email);
    if (!email.success) return setEmailError(email.error.issues[0]!.message);
    setEmailError(null);
    if (provider) signIn.mutate({ chosen: provider, who: { ...identity, email: email.data } });
  };

  return (
    <div className="social-sign-in">
      {(['google', 'apple'] as const).map((chosen) => (
        <Button key={chosen} variant="secondary" block onClick={() => setProvider(chosen)}>
          Continue with {PROVIDER_NAMES[chosen]}
        </Button>
      ))}
      <Dialog
        open={provider !== null}
        onOpenChange={(open) => (open ? null : setProvider(null))}
        title={provider ? `Sign in with ${PROVIDER_NAMES[provider]}` : ''}
        description="Sandbox: this stands in for the provider's own sign-in page."
      >
        <form className="auth-form" onSubmit={submit} noValidate aria-label="Sandbox sign-in">
          <TextField label="Email" type="email" value={identity.email} onChange={(e) => setIdentity({ ...identity, email: e.target.value })} error={emailError} />
          <TextField label="First name" value={identity.firstName} onChange={(e) => setIdentity({ ...identity, firstName: e.target.value })} />
          <TextField label="Last name" value={identity.lastName} onChange={(e) => setIdentity({ ...identity, lastName: e.target.value })} />
          <CheckboxField
            label={
              <>
                I agree to the <Link to="/pages/terms">terms</Link> and <Link to="/pages/privacy">privacy policy</Link> (needed for a new account)
              </>
            }
            checked={identity.agree}
            onChange={(e) => setIdentity({ ...identity, agree: e.target.checked })}
          />
          {signIn.isError ? (
            <p className="auth-form__error" role="alert">
              {socialErrorText(signIn.error.message)}
            </p>
          ) : null}
          <Button type="submit" block loading={signIn.isPending}>
            Continue
          </Button>
        </form>
      </Dialog>
    </div>
  );
}
