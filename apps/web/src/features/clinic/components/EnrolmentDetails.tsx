import type { StaffLoginReply } from '@elmwood/domain';

type Enrolment = NonNullable<StaffLoginReply['enrolment']>;

/** Setting up the authenticator: the QR code to scan, and the secret to type for apps that cannot scan. */
export function EnrolmentDetails({ enrolment }: { enrolment: Enrolment }) {
  return (
    <section className="clinic-enrol" aria-labelledby="clinic-enrol-title">
      <h2 id="clinic-enrol-title">Set up two-step sign-in</h2>
      <p>Scan this code with your authenticator app, then enter the six-digit code it shows.</p>
      <img
        className="clinic-enrol__qr"
        src={enrolment.qrCode}
        width={200}
        height={200}
        alt="QR code for your authenticator app. If you cannot scan it, type in the setup key shown below."
      />
      <p>
        Setup key: <code className="clinic-enrol__secret">{enrolment.secret}</code>
      </p>
    </section>
  );
}
