import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { GP_CONSENT_WORDING, TASK_CODES, type GpConsents, type GpDetails, type PatientGpInfo, type Task } from '@elmwood/domain';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BackLink } from '../../../ui/BackLink';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { Toast } from '../../../ui/Toast';
import { markTaskCompleted, useOpenTask, useOpenTasks, useSubmitGpInfo } from '../api';
import { EMPTY_GP_DRAFT, GpForm, type GpDraft } from '../components/GpForm';
import { GpPracticeSearch } from '../components/GpPracticeSearch';
import { TaskCompletedDialog } from '../components/TaskCompletedDialog';
import { GP_SKIPPED_POPUP } from '../completionPopups';
import { useAfterTask } from '../hooks/useAfterTask';
import { HEALTH_ACTIONS_PATH } from '../taskPath';
import '../../../ui/page-styles/tasks.css';

export const GP_SUBMIT_FAILED = 'Error completing task';

type Step = 1 | 2 | 3;
const STEP_NAMES: Record<Step, string> = { 1: 'Consent', 2: 'Your GP practice', 3: 'Check and confirm' };

/** /account/gp-information?taskId=… — the GP info flow (SPEC §4): consent or skip, the practice, confirm. */
export function Component() {
  useDocumentTitle('Your GP details');
  const [search] = useSearchParams();
  const { task: byId } = useOpenTask(search.get('taskId'));
  const tasks = useOpenTasks();
  // The server completes the patient's open GP task whichever way they came here.
  const task = byId ?? tasks.data?.find((candidate) => candidate.taskDefinition.code === TASK_CODES.gpInformation) ?? null;
  const client = useQueryClient();
  const submit = useSubmitGpInfo();
  const after = useAfterTask();
  const [step, setStep] = useState<Step>(1);
  // The practice is found in the NHS directory first; typed by hand when it is not there.
  const [byHand, setByHand] = useState(false);
  const [draft, setDraft] = useState<GpDraft>(EMPTY_GP_DRAFT);
  // The directory's code for the practice chosen; dropped once the patient changes its details by hand.
  const [odsCode, setOdsCode] = useState<string | null>(null);
  const [details, setDetails] = useState<GpDetails | null>(null);
  const [done, setDone] = useState<Pick<Task, 'taskDefinition' | 'details'> | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  // Asked apart, neither ticked to begin with (GPhC 2025): each is kept with its wording and the time.
  const [consents, setConsents] = useState<GpConsents>({ informGp: false, verifyHistory: false });
  const [noConsentChosen, setNoConsentChosen] = useState(false);

  const send = (info: PatientGpInfo) =>
    submit.mutate(info, {
      onSuccess: () => {
        markTaskCompleted(client, task);
        const finished = task ?? { taskDefinition: { code: TASK_CODES.gpInformation, name: 'Your GP details', image: null, description: '', isCritical: false, isReminder: false, safetyCheck: false }, details: { configuration: {} } };
        // A skip shared nothing: it is not thanked for GP details.
        setDone(info.consentGiven ? finished : { ...finished, details: { ...finished.details, configuration: { ...finished.details.configuration, outcomePopup: GP_SKIPPED_POPUP } } });
      },
      onError: () => setToast(GP_SUBMIT_FAILED),
    });

  return (
    <div className="account-page container">
      <BackLink to={HEALTH_ACTIONS_PATH}>Back to my tasks</BackLink>
      <h1>Your GP details</h1>
      <p className="gp-steps">
        Step {step} of 3: {STEP_NAMES[step]}
      </p>
      <section className="task-panel" aria-labelledby="gp-step-title">
        <h2 id="gp-step-title">{STEP_NAMES[step]}</h2>
        {step === 1 ? (
          <>
            <p>With your consent, we tell your GP about the treatment we prescribe, so your medical record stays complete and your care stays safe.</p>
            <p>You can agree to either, both or neither. If you agree to neither, our prescriber will consider whether they can still prescribe safely.</p>
            <fieldset className="gp-consents">
              <legend className="visually-hidden">Your consent</legend>
              <Checkbox label={GP_CONSENT_WORDING.informGp} checked={consents.informGp} onChange={(event) => { setConsents({ ...consents, informGp: event.target.checked }); setNoConsentChosen(false); }} />
              <Checkbox label={GP_CONSENT_WORDING.verifyHistory} checked={consents.verifyHistory} onChange={(event) => { setConsents({ ...consents, verifyHistory: event.target.checked }); setNoConsentChosen(false); }} />
            </fieldset>
            <ErrorMessage>{noConsentChosen ? 'Tick at least one, or choose Skip to share nothing.' : null}</ErrorMessage>
            <div className="task-panel__actions">
              <Button onClick={() => (consents.informGp || consents.verifyHistory ? setStep(2) : setNoConsentChosen(true))}>I consent, add my GP</Button>
              <Button variant="secondary" loading={submit.isPending} onClick={() => send({ consentGiven: false, consents: { informGp: false, verifyHistory: false } })}>
                Skip
              </Button>
            </div>
          </>
        ) : null}
        {step === 2 && !byHand ? (
          <GpPracticeSearch
            onChosen={({ odsCode: code, ...practice }) => {
              setOdsCode(code);
              setDraft({ ...practice, addressLine2: practice.addressLine2 ?? '' });
              setDetails({ ...practice, odsCode: code });
              setStep(3);
            }}
            onEnterByHand={() => setByHand(true)}
          />
        ) : null}
        {step === 2 && byHand ? (
          <>
            <GpForm
              draft={draft}
              onChange={(next) => {
                setDraft(next);
                setOdsCode(null);
              }}
              onDone={(valid) => {
                setDetails(odsCode ? { ...valid, odsCode } : valid);
                setStep(3);
              }}
            />
            <Button variant="link" onClick={() => setByHand(false)}>
              Search the NHS directory instead
            </Button>
          </>
        ) : null}
        {step === 3 && details ? (
          <>
            <address className="gp-summary">
              {[details.practiceName, details.addressLine1, details.addressLine2, details.cityOrTown, details.postCode].filter(Boolean).map((line) => (
                <span key={line}>
                  {line}
                  <br />
                </span>
              ))}
            </address>
            <div className="task-panel__actions">
              <Button loading={submit.isPending} onClick={() => send({ consentGiven: true, ...details, consents })}>
                Confirm
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setByHand(true);
                  setStep(2);
                }}
              >
                Edit details
              </Button>
            </div>
          </>
        ) : null}
      </section>
      <Toast message={toast} tone="error" onDismiss={() => setToast(null)} />
      <TaskCompletedDialog task={done} nextLabel={after.nextLabel(done)} onClose={() => after.leave(done)} />
    </div>
  );
}
