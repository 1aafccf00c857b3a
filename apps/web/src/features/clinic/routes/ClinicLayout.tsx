import type { MouseEvent } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { BRAND_NAME } from '../../../lib/config';
import { useFocusMainOnNavigate } from '../../../lib/useFocusMainOnNavigate';
import { Button } from '../../../ui/Button';
import { LeafMark } from '../../../ui/Logo';
import { useStaffLogout, useStaffMe, useUnansweredCount } from '../api';
import { can, ROLE_NAMES } from '../roles';
import '../clinic.css';

const MAIN_ID = 'clinic-main';

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
}


/** How many patients wait for a reply on an order, beside the link to them. */
function WaitingCount({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className="clinic-nav__count">
      {count}
      <span className="visually-hidden"> waiting for a reply</span>
    </span>
  );
}

function StaffBar() {
  const me = useStaffMe();
  const readsMessages = me.data ? can(me.data.role, 'readOrderMessages') : false;
  const waiting = useUnansweredCount(readsMessages);
  const logout = useStaffLogout();
  const navigate = useNavigate();
  const staff = me.data;
  if (!staff) return null;
  const signOut = () => logout.mutate(undefined, { onSettled: () => navigate('/clinic/login', { replace: true }) });
  return (
    <>
      <nav className="clinic-bar__nav" aria-label="Clinic">
        {can(staff.role, 'seeReviews') ? <NavLink to="/clinic/reviews">Reviews</NavLink> : null}
        {can(staff.role, 'seeReviews') ? <NavLink to="/clinic/video-consultations">Video consultations</NavLink> : null}
        {readsMessages ? (
          <NavLink to="/clinic/patient-messages">
            Patient messages{' '}
            <WaitingCount count={waiting.data?.count ?? 0} />
          </NavLink>
        ) : null}
        {can(staff.role, 'seeDispatch') ? <NavLink to="/clinic/dispatch">Dispatch</NavLink> : null}
        {can(staff.role, 'postLetters') ? <NavLink to="/clinic/gp-letters">Letters to post</NavLink> : null}
        {can(staff.role, 'answerSupport') ? <NavLink to="/clinic/support">Support</NavLink> : null}
        {can(staff.role, 'confirmDeletions') ? <NavLink to="/clinic/deletion-requests">Deletion requests</NavLink> : null}
        {can(staff.role, 'settleStuckMessages') ? <NavLink to="/clinic/messages">Stuck messages</NavLink> : null}
        {can(staff.role, 'retryFailedWork') ? <NavLink to="/clinic/failed-work">Failed work</NavLink> : null}
        {can(staff.role, 'readAuditLog') ? <NavLink to="/clinic/audit">Audit log</NavLink> : null}
        <NavLink to="/clinic/orders" end>
          Find an order
        </NavLink>
      </nav>
      <div className="clinic-bar__member">
        <span>
          <span className="clinic-bar__name">{staff.name}</span> <span className="clinic-bar__role">{ROLE_NAMES[staff.role]}</span>
        </span>
        <Button variant="secondary" onClick={signOut} loading={logout.isPending}>
          Log out
        </Button>
      </div>
    </>
  );
}

/** The console's own frame: no shop header or footer, a bar with who is signed in. */
export function Component() {
  useFocusMainOnNavigate(MAIN_ID);
  return (
    <div className="clinic">
      <a className="clinic-skip" href={`#${MAIN_ID}`} onClick={skipToMain}>
        Skip to main content
      </a>
      <header className="clinic-bar">
        <span className="clinic-bar__brand">
          <LeafMark className="clinic-bar__mark" />
          {BRAND_NAME} <span className="clinic-bar__product">Clinic</span>
        </span>
        <StaffBar />
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="clinic__main">
        <Outlet />
      </main>
    </div>
  );
}
