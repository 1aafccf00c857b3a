import type { ProviderAddress } from '@elmwood/domain';

/** Builds a street's addresses: house numbers (or names) on one street in one town. */
function street(postcode: string, town: string, road: string, locality: string, houses: string[]): ProviderAddress[] {
  return houses.map((house) => ({
    line_1: /^\d/.test(house) ? `${house} ${road}` : house,
    line_2: /^\d/.test(house) ? locality : road,
    line_3: /^\d/.test(house) ? '' : locality,
    post_town: town,
    postcode,
  }));
}

/**
 * Illustrative addresses for demos and tests, keyed by postcode without its space. The postcodes have
 * real formats for their towns; the houses are made up.
 */
export const SANDBOX_ADDRESSES: Record<string, ProviderAddress[]> = {
  ID11QD: [
    { line_1: 'Kingsley Hall', line_2: '20 Powis Road', line_3: '', post_town: 'LONDON', postcode: 'ID1 1QD' },
    { line_1: 'Flat 1', line_2: 'Kingsley Hall', line_3: '20 Powis Road', post_town: 'LONDON', postcode: 'ID1 1QD' },
    { line_1: 'Flat 2', line_2: 'Kingsley Hall', line_3: '20 Powis Road', post_town: 'LONDON', postcode: 'ID1 1QD' },
  ],
  SW1A1AA: street('SW1A 1AA', 'LONDON', 'Birdcage Walk', 'Westminster', ['1', '2', '3', 'The Lodge']),
  M11AE: street('M1 1AE', 'MANCHESTER', 'Piccadilly', 'City Centre', ['10', '12', '14', 'Flat 4, Piccadilly House']),
  LS14AP: [
    { line_1: 'Flat 3', line_2: 'Oak House', line_3: '12 High Street', post_town: 'LEEDS', postcode: 'LS1 4AP' },
    { line_1: 'Flat 4', line_2: 'Oak House', line_3: '12 High Street', post_town: 'LEEDS', postcode: 'LS1 4AP' },
    { line_1: '14 High Street', line_2: '', line_3: '', post_town: 'LEEDS', postcode: 'LS1 4AP' },
  ],
  B338TH: street('B33 8TH', 'BIRMINGHAM', 'Station Road', 'Stechford', ['1', '3', '5', '7', 'Rose Cottage']),
  CR26XH: street('CR2 6XH', 'SOUTH CROYDON', 'Elm Grove', 'Sanderstead', ['21', '23', '25']),
  BS16XN: [
    { line_1: 'Apartment 12 Riverside Court East', line_2: 'Wharf Lane', line_3: '', post_town: 'BRISTOL', postcode: 'BS1 6XN' },
    { line_1: 'Apartment 14 Riverside Court East', line_2: 'Wharf Lane', line_3: '', post_town: 'BRISTOL', postcode: 'BS1 6XN' },
  ],
  EH11YZ: street('EH1 1YZ', 'EDINBURGH', 'Market Street', 'Old Town', ['2', '4', '6']),
  CF101EP: street('CF10 1EP', 'CARDIFF', 'Queen Street', 'Cathays', ['30', '32', '34']),
  NE14ST: street('NE1 4ST', 'NEWCASTLE UPON TYNE', 'Grey Street', 'City Centre', ['8', '9', '10']),
};
