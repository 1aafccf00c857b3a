import { useEffect, useId, useRef, useState } from 'react';
import {
  ACQUISITION_SURVEY_OPTIONS,
  SURVEY_FAILURE_MESSAGE,
  SURVEY_QUESTION,
  SURVEY_SUCCESS_MESSAGE,
  SURVEY_TELL_US_MORE_LABEL,
  SURVEY_TELL_US_MORE_MAX,
  surveyAsksForMore,
  type SurveyOption,
} from '@elmwood/domain';
import { sendAnalyticsEvent } from '../../../lib/analytics';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { Dialog } from '../../../ui/Dialog';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { useSubmitSurvey, useSurveyStatus } from '../api';
import { markSurveyDoneHere, surveyDoneHere } from '../storage';
import '../survey.css';

type Phase = 'closed' | 'asking' | 'thanked';

/**
 * 'How did you hear about us?' (SPEC §2, §4 Survey), once per patient: not when this browser or the server says it
 * was done. Choosing an option with sub-options drills into them (the button reads DONE and comes back); otherwise
 * the button reads SUBMIT. Closing without answering counts as skipped and is not asked again in this browser.
 */
export function AcquisitionSurvey({ eligible }: { eligible: boolean }) {
  const [doneHere, setDoneHere] = useState(surveyDoneHere);
  const [thanked, setThanked] = useState(false);
  const status = useSurveyStatus(eligible && !doneHere);
  const submit = useSubmitSurvey();
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [drilled, setDrilled] = useState<SurveyOption | null>(null);
  const [tellUsMore, setTellUsMore] = useState('');
  const drilledHeading = useRef<HTMLHeadingElement>(null);
  const returnTo = useRef<string | null>(null);
  const shownSent = useRef(false);
  const textId = useId();

  const asking = eligible && !doneHere && status.data?.done === false;
  const phase: Phase = thanked ? 'thanked' : asking ? 'asking' : 'closed';

  useEffect(() => {
    if (!asking || shownSent.current) return;
    shownSent.current = true;
    sendAnalyticsEvent('exit_poll.shown', {});
  }, [asking]);

  useEffect(() => {
    if (drilled) drilledHeading.current?.focus();
    else if (returnTo.current) document.getElementById(returnTo.current)?.focus();
  }, [drilled]);

  const close = () => {
    if (phase === 'asking') sendAnalyticsEvent('exit_poll.skipped', {});
    markSurveyDoneHere();
    setDoneHere(true);
    setThanked(false);
  };

  const toggle = (id: string, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const selectedItems = [...picked];
  const asksForMore = surveyAsksForMore(selectedItems);
  const send = () => {
    const answer = { heardFrom: { selectedItems, tellUsMore: asksForMore ? tellUsMore : null } };
    submit.mutate(answer, {
      onSuccess: () => {
        sendAnalyticsEvent('exit_poll.submitted', { selectedItems });
        markSurveyDoneHere();
        setDoneHere(true);
        setThanked(true);
      },
    });
  };

  const drilledPicked = drilled?.options?.some((option) => picked.has(option.id)) ?? false;
  const footer =
    phase === 'thanked' ? (
      <Button block onClick={close}>
        Close
      </Button>
    ) : drilled ? (
      <Button block disabled={!drilledPicked} onClick={() => setDrilled(null)}>
        DONE
      </Button>
    ) : (
      <Button block disabled={picked.size === 0} loading={submit.isPending} onClick={send}>
        SUBMIT
      </Button>
    );

  return (
    <Dialog open={phase !== 'closed'} onOpenChange={(open) => (open ? undefined : close())} title={SURVEY_QUESTION} footer={footer} closeLabel="Close the survey">
      {phase === 'thanked' ? (
        <p role="status" className="survey__thanks">
          {SURVEY_SUCCESS_MESSAGE}
        </p>
      ) : drilled ? (
        <div className="survey">
          <button
            type="button"
            className="btn btn--link survey__back"
            onClick={() => setDrilled(null)}
          >
            Back
          </button>
          <h3 ref={drilledHeading} tabIndex={-1} id={`${textId}-drilled`} className="survey__subheading">
            {drilled.label}
          </h3>
          <div role="group" aria-labelledby={`${textId}-drilled`} className="survey__options">
            {drilled.options!.map((option) => (
              <Checkbox key={option.id} variant="card" label={option.label} checked={picked.has(option.id)} onChange={(event) => toggle(option.id, event.target.checked)} />
            ))}
          </div>
        </div>
      ) : (
        <div className="survey">
          <p id={`${textId}-hint`} className="survey__hint">
            Pick all that apply.
          </p>
          <div role="group" aria-labelledby={`${textId}-hint`} className="survey__options">
            {ACQUISITION_SURVEY_OPTIONS.map((option) =>
              option.options ? (
                <button
                  key={option.id}
                  id={`${textId}-${option.id}`}
                  type="button"
                  className="survey__drill"
                  onClick={() => {
                    returnTo.current = `${textId}-${option.id}`;
                    setDrilled(option);
                  }}
                >
                  <span className="survey__drill-label">{option.label}</span>
                  <span className="survey__drill-picked">
                    {option.options
                      .filter((sub) => picked.has(sub.id))
                      .map((sub) => sub.label)
                      .join(', ')}
                  </span>
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                    <path d="M9 6l6 6-6 6" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
                  </svg>
                </button>
              ) : (
                <Checkbox key={option.id} variant="card" label={option.label} checked={picked.has(option.id)} onChange={(event) => toggle(option.id, event.target.checked)} />
              ),
            )}
          </div>
          {asksForMore ? (
            <div className="field survey__more">
              <label className="field__label" htmlFor={`${textId}-more`}>
                {SURVEY_TELL_US_MORE_LABEL}
              </label>
              <textarea
                id={`${textId}-more`}
                className="field__input survey__textarea"
                rows={3}
                maxLength={SURVEY_TELL_US_MORE_MAX}
                value={tellUsMore}
                onChange={(event) => setTellUsMore(event.target.value)}
              />
            </div>
          ) : null}
          <ErrorMessage>{submit.isError ? SURVEY_FAILURE_MESSAGE : null}</ErrorMessage>
        </div>
      )}
    </Dialog>
  );
}
