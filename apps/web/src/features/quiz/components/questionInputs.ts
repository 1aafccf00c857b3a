import type { ComponentType } from 'react';
import type { AnswerKind } from '@elmwood/domain';
import { preloadable } from '../../../lib/preloadable';
import { BmiQuestion, WeightQuestion } from './MeasurementQuestion';

/** An input that comes with the quiz's own code. */
const atHand = <Props extends object>(Component: ComponentType<Props>) => ({ Component, preload: () => Promise.resolve(Component), isLoaded: () => true });

/**
 * Each kind of answer's input as its own chunk: a step page loads the inputs its questions use, and the rest once
 * the patient starts answering. Height and weight, the first step of the weight-loss consultation where most
 * patients arrive, come with the page: fetched after it, they would hold its hydration back by a round trip.
 */
const choice = preloadable(() => import('./ChoiceQuestion').then((module) => module.ChoiceQuestion));
const multiChoice = preloadable(() => import('./ChoiceQuestion').then((module) => module.MultiChoiceQuestion));
const text = preloadable(() => import('./TextQuestion').then((module) => module.TextQuestion));
const bmi = atHand(BmiQuestion);
const weight = atHand(WeightQuestion);
const datetime = preloadable(() => import('./DatetimeQuestion').then((module) => module.DatetimeQuestion));
const dateOfBirth = preloadable(() => import('./DateOfBirthQuestion').then((module) => module.DateOfBirthQuestion));
const count = preloadable(() => import('./CountQuestion').then((module) => module.CountQuestion));

const INPUTS = {
  single: choice,
  productChoice: choice,
  multiple: multiChoice,
  text,
  bmi,
  weight,
  datetime,
  dateOfBirth,
  date: dateOfBirth,
  count,
} satisfies Record<AnswerKind, { preload: () => Promise<unknown>; isLoaded: () => boolean }>;

export const ChoiceInput = choice.Component;
export const MultiChoiceInput = multiChoice.Component;
export const TextInput = text.Component;
export const BmiInput = bmi.Component;
export const WeightInput = weight.Component;
export const DatetimeInput = datetime.Component;
export const DateOfBirthInput = dateOfBirth.Component;
export const CountInput = count.Component;

/** Whether a kind's input renders at once (a question the patient's answer reveals may need its code fetched). */
export const isInputAtHand = (kind: AnswerKind): boolean => INPUTS[kind].isLoaded();

/** The attribute that names a question's answer kind in the page, so a hydration loads what the server drew. */
export const ANSWER_KIND_ATTRIBUTE = 'data-answer-kind';

const isAnswerKind = (kind: string | null): kind is AnswerKind => kind !== null && kind in INPUTS;

/**
 * Before a hydration: the inputs of the questions the server's HTML shows. On the server (which renders any step
 * for any visitor), all of them.
 */
export async function loadInputsForHydration(): Promise<void> {
  const kinds =
    typeof document === 'undefined'
      ? (Object.keys(INPUTS) as AnswerKind[])
      : [...document.querySelectorAll(`[${ANSWER_KIND_ATTRIBUTE}]`)].map((element) => element.getAttribute(ANSWER_KIND_ATTRIBUTE)).filter(isAnswerKind);
  await Promise.all(kinds.map((kind) => INPUTS[kind].preload()));
}

/** Every input, fetched while the patient answers this step so the next opens at once. */
export async function preloadAllInputs(): Promise<void> {
  await Promise.all(Object.values(INPUTS).map((input) => input.preload()));
}
