import type { DehydratedState } from '@tanstack/react-query';
import type { QuizFormReply } from '../features/quiz/formReply';

/** The id of the <script type="application/json"> that carries a server-rendered page's data. */
export const SSR_DATA_ID = 'ssr-data';

/** What the server rendered a page with, so the browser's first render is the same page. */
export interface SsrData {
  /** The React Query cache as the server filled it (successful queries only). */
  queries: DehydratedState;
  /** A quiz step posted without the script that could not go on. */
  quizFormReply: QuizFormReply | null;
  /** The catalogue's and questionnaire's markup the page shows, each with the sanitised form the server rendered. */
  sanitised: Record<string, string>;
}

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;

/**
 * JSON to put inside a <script> element: '<' and the like as \\u escapes, so no value (a product's text, an
 * answer) can close the element or open a comment; the line separators, which some parsers take as line ends.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(SCRIPT_UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The data of the page the server rendered, or null for a page rendered in the browser. */
export function readSsrData(document: Document): SsrData | null {
  const text = document.getElementById(SSR_DATA_ID)?.textContent;
  return text ? (JSON.parse(text) as SsrData) : null;
}
