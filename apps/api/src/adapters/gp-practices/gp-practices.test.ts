import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecordings, replayServer } from '../../../test/support/replay-server';
import { nhsOdsGpPractices } from './nhs-ods';
import { GpDirectoryError, type GpPracticeDirectory } from './port';
import { sandboxGpPractices } from './sandbox';
import { SANDBOX_PRACTICES } from './sandbox-data';

const recordings = readRecordings(new URL('./recordings/nhs-ods.json', import.meta.url));

/** NHS ODS replayed; what each request carried is kept. */
let provider: Awaited<ReturnType<typeof replayServer>>;
let baseUrl: string;
beforeAll(async () => {
  provider = await replayServer(({ url }) => recordings[url] ?? { status: 500, body: { errorCode: 500, errorText: 'not recorded' } });
  baseUrl = provider.baseUrl;
});
afterAll(() => provider.close());

describe.each([
  ['the sandbox', () => sandboxGpPractices()],
  ['NHS ODS (recorded replies)', () => nhsOdsGpPractices({ baseUrl })],
])('%s', (_name, make) => {
  it('finds open practices by part of their name, with their ODS code, name and postcode', async () => {
    const found = await make().search('park');
    expect(found.length).toBeGreaterThan(1);
    expect(found).toContainEqual({ odsCode: 'B86101', name: 'Park Surgery', postcode: 'LS6 2AA' });
    for (const practice of found) expect(practice.name.toLowerCase()).toContain('park');
  });

  it('gives one practice its address, ready for the GP details', async () => {
    expect(await make().practice('B86101')).toEqual({
      odsCode: 'B86101',
      practiceName: 'Park Surgery',
      addressLine1: '1 Park Road',
      addressLine2: 'Headingley',
      cityOrTown: 'Leeds',
      postCode: 'LS6 2AA',
    });
  });

  it('finds nothing for a name no practice has, and no practice for an unknown code', async () => {
    expect(await make().search('nowhere')).toEqual([]);
    expect(await make().practice('X99999')).toBeNull();
  });

  it('fails with a GpDirectoryError when the directory is down', async () => {
    await expect(make().search('outage')).rejects.toBeInstanceOf(GpDirectoryError);
  });
});

describe('the sandbox', () => {
  it('holds a dozen or so practices, each with an ODS code in the real format and a full address', () => {
    expect(SANDBOX_PRACTICES.length).toBeGreaterThanOrEqual(12);
    for (const practice of SANDBOX_PRACTICES) {
      expect(practice.odsCode).toMatch(/^[A-Z]\d{5}$/);
      expect(practice).toEqual(expect.objectContaining({ practiceName: expect.any(String), addressLine1: expect.any(String), cityOrTown: expect.any(String), postCode: expect.any(String) }));
    }
    expect(new Set(SANDBOX_PRACTICES.map((practice) => practice.odsCode)).size).toBe(SANDBOX_PRACTICES.length);
  });
});

describe('NHS ODS adapter', () => {
  const ods = (): GpPracticeDirectory => nhsOdsGpPractices({ baseUrl });

  it('asks the ORD search for open GP practices only (primary role RO177, non-primary RO76), 20 at most', async () => {
    await ods().search('park');
    const sent = new URL(provider.seen.at(-1)!.url, baseUrl);
    expect(sent.pathname).toBe('/ORD/2-0-0/organisations');
    expect(Object.fromEntries(sent.searchParams)).toEqual({ Name: 'park', Status: 'Active', PrimaryRoleId: 'RO177', NonPrimaryRoleId: 'RO76', Limit: '20' });
  });

  it('writes the capitals of the directory as names are written', async () => {
    expect((await ods().search('park')).map((practice) => practice.name)).toEqual(['Park Surgery', 'The Park Medical Practice', 'Stechford Park Medical Centre']);
  });

  it('takes a 404 to a search as nothing found', async () => {
    expect(await ods().search('nothing at all')).toEqual([]);
  });

  it('refuses an organisation that is not a GP practice (a hospital trust)', async () => {
    expect(await ods().practice('RR8')).toBeNull();
  });

  it('fails with a GpDirectoryError when nothing answers', async () => {
    await expect(nhsOdsGpPractices({ baseUrl: 'http://127.0.0.1:9' }).search('park')).rejects.toBeInstanceOf(GpDirectoryError);
    await expect(nhsOdsGpPractices({ baseUrl: 'http://127.0.0.1:9' }).practice('B86101')).rejects.toBeInstanceOf(GpDirectoryError);
  });
});
