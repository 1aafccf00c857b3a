import type { GpPractice } from '@elmwood/domain';

/**
 * Illustrative GP practices for demos and tests: ODS codes in the real format (a region's letter and five digits),
 * names and addresses in the style of real ones, all made up.
 */
export const SANDBOX_PRACTICES: readonly GpPractice[] = [
  { odsCode: 'B86101', practiceName: 'Park Surgery', addressLine1: '1 Park Road', addressLine2: 'Headingley', cityOrTown: 'Leeds', postCode: 'LS6 2AA' },
  { odsCode: 'B86102', practiceName: 'The Light Medical Practice', addressLine1: '12 The Headrow', cityOrTown: 'Leeds', postCode: 'LS1 8TL' },
  { odsCode: 'B86103', practiceName: 'Oak House Surgery', addressLine1: 'Oak House', addressLine2: '12 High Street', cityOrTown: 'Leeds', postCode: 'LS1 4AP' },
  { odsCode: 'P84101', practiceName: 'Piccadilly Health Centre', addressLine1: '10 Piccadilly', cityOrTown: 'Manchester', postCode: 'M1 1AE' },
  { odsCode: 'P84102', practiceName: 'Ancoats Urban Village Medical Practice', addressLine1: '4 Old Mill Street', addressLine2: 'Ancoats', cityOrTown: 'Manchester', postCode: 'M4 6EE' },
  { odsCode: 'M85101', practiceName: 'Stechford Park Medical Centre', addressLine1: '1 Station Road', addressLine2: 'Stechford', cityOrTown: 'Birmingham', postCode: 'B33 8TH' },
  { odsCode: 'M85102', practiceName: 'Moseley Road Surgery', addressLine1: '200 Moseley Road', addressLine2: 'Balsall Heath', cityOrTown: 'Birmingham', postCode: 'B12 0DG' },
  { odsCode: 'F84101', practiceName: 'Powis Road Surgery', addressLine1: 'Kingsley Hall', addressLine2: '20 Powis Road', cityOrTown: 'London', postCode: 'E3 3HJ' },
  { odsCode: 'E87101', practiceName: 'Birdcage Walk Medical Practice', addressLine1: '3 Birdcage Walk', addressLine2: 'Westminster', cityOrTown: 'London', postCode: 'SW1A 1AA' },
  { odsCode: 'H85101', practiceName: 'Elm Grove Surgery', addressLine1: '21 Elm Grove', addressLine2: 'Sanderstead', cityOrTown: 'South Croydon', postCode: 'CR2 6XH' },
  { odsCode: 'L81101', practiceName: 'Wharf Lane Health Centre', addressLine1: 'Riverside Court East', addressLine2: 'Wharf Lane', cityOrTown: 'Bristol', postCode: 'BS1 6XN' },
  { odsCode: 'A87101', practiceName: 'Grey Street Surgery', addressLine1: '8 Grey Street', cityOrTown: 'Newcastle upon Tyne', postCode: 'NE1 4ST' },
  { odsCode: 'W97101', practiceName: 'Queen Street Medical Centre', addressLine1: '30 Queen Street', addressLine2: 'Cathays', cityOrTown: 'Cardiff', postCode: 'CF10 1EP' },
  { odsCode: 'C82101', practiceName: 'Market Harborough Medical Centre', addressLine1: '67 Coventry Road', cityOrTown: 'Market Harborough', postCode: 'LE16 9BX' },
];
