import type { Config } from '../../config';
import { nhsOdsGpPractices } from './nhs-ods';
import type { GpPracticeDirectory } from './port';
import { sandboxGpPractices } from './sandbox';

export function gpPracticeDirectoryFor(config: Config): GpPracticeDirectory {
  return config.GP_PRACTICE_SEARCH === 'nhs-ods' ? nhsOdsGpPractices({ baseUrl: config.NHS_ODS_BASE_URL }) : sandboxGpPractices();
}
