// What other features may use from sign-in.
export { useConfirmSignup, useLogout, useMe, useResendSignupCode, useSignup, useUpdateAccount } from './api';
export { LoginForm } from './components/LoginForm';
export { serverFieldErrors, zodFieldErrors } from './fieldErrors';
export { loginPathFor } from './redirect';
export { SocialSignIn } from './components/SocialSignIn';
