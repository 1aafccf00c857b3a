// Who prescribes (the public page) and the GP's answer to the clinic's letter (issue 33).
export { useWhoPrescribes } from './api';
