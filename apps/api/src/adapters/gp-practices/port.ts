import type { GpPractice, GpPracticeSummary } from '@elmwood/domain';

/** The directory did not answer, or answered something other than practices. */
export class GpDirectoryError extends Error {}

/** A directory of GP practices in the UK: the NHS Organisation Data Service in production. */
export interface GpPracticeDirectory {
  /** Open practices whose name contains `name` (any case), at most 20; throws GpDirectoryError. */
  search(name: string): Promise<GpPracticeSummary[]>;
  /** One open practice by its ODS code, with its address; null when no GP practice has that code. */
  practice(odsCode: string): Promise<GpPractice | null>;
}

/** Most practices one search offers: a patient narrows a longer list by typing more of the name. */
export const GP_SEARCH_LIMIT = 20;
