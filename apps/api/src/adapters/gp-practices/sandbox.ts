import { GP_SEARCH_LIMIT, GpDirectoryError, type GpPracticeDirectory } from './port';
import { SANDBOX_PRACTICES } from './sandbox-data';

/** A name the sandbox fails on, so the patient's way round a directory that does not answer can be tried. */
export const SANDBOX_OUTAGE_NAME = 'outage';

/** The default directory outside production: the illustrative practices, searched as ODS searches names (contains, any case). */
export function sandboxGpPractices(): GpPracticeDirectory {
  return {
    async search(name) {
      const wanted = name.trim().toLowerCase();
      if (wanted.includes(SANDBOX_OUTAGE_NAME)) throw new GpDirectoryError('The sandbox directory is down for this search');
      return SANDBOX_PRACTICES.filter((practice) => practice.practiceName.toLowerCase().includes(wanted))
        .slice(0, GP_SEARCH_LIMIT)
        .map((practice) => ({ odsCode: practice.odsCode, name: practice.practiceName, postcode: practice.postCode }));
    },
    async practice(odsCode) {
      return SANDBOX_PRACTICES.find((practice) => practice.odsCode === odsCode.toUpperCase()) ?? null;
    },
  };
}
