import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { StaffLoginReply, StaffMember } from '@elmwood/domain';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { LoadStatus } from '../../../ui/LoadStatus';
import { useStaffMe } from '../api';
import { CodeStep } from '../components/CodeStep';
import { EnrolmentDetails } from '../components/EnrolmentDetails';
import { PasswordStep } from '../components/PasswordStep';
import { RecoveryCodes } from '../components/RecoveryCodes';
import { homeFor } from '../roles';

type Step = { kind: 'password' } | { kind: 'code'; reply: StaffLoginReply } | { kind: 'recovery'; staff: StaffMember; codes: string[] };

/** Staff sign-in: password, then a TOTP code; a member without TOTP enrols first and keeps their recovery codes. */
export function Component() {
  useDocumentTitle('Clinic sign in');
  const me = useStaffMe();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'password' });

  if (step.kind === 'password' && me.data) return <Navigate to={homeFor(me.data.role)} replace />;
  if (step.kind === 'password' && me.isPending) return <LoadStatus status="loading" />;

  return (
    <div className="clinic-login">
      <h1>Clinic sign in</h1>
      {step.kind === 'password' ? <PasswordStep onDone={(reply) => setStep({ kind: 'code', reply })} /> : null}
      {step.kind === 'code' ? (
        <>
          {step.reply.enrolment ? <EnrolmentDetails enrolment={step.reply.enrolment} /> : null}
          <CodeStep
            hint={step.reply.enrolment ? 'The six-digit code from your authenticator app.' : 'The six-digit code from your authenticator app, or a recovery code.'}
            onDone={(reply) => {
              if (reply.recoveryCodes?.length) setStep({ kind: 'recovery', staff: reply.staff, codes: reply.recoveryCodes });
              else navigate(homeFor(reply.staff.role), { replace: true });
            }}
          />
        </>
      ) : null}
      {step.kind === 'recovery' ? <RecoveryCodes codes={step.codes} onContinue={() => navigate(homeFor(step.staff.role), { replace: true })} /> : null}
    </div>
  );
}
