import { organisationNameCase, postTownCase, type GpPractice } from '@elmwood/domain';
import { GP_SEARCH_LIMIT, GpDirectoryError, type GpPracticeDirectory } from './port';

const TIMEOUT_MS = 5000;
/** ODS roles: GP practices have the primary role RO177 (prescribing cost centre) and the non-primary role RO76. */
const PRESCRIBING_COST_CENTRE = 'RO177';
const GP_PRACTICE = 'RO76';

/** One organisation of a search reply (ODS's summary record). */
interface SummaryRecord {
  Name?: string;
  OrgId?: string;
  Status?: string;
  PostCode?: string;
}

interface FullRecord {
  Organisation?: {
    Name?: string;
    OrgId?: { extension?: string };
    Status?: string;
    GeoLoc?: { Location?: { AddrLn1?: string; AddrLn2?: string; AddrLn3?: string; Town?: string; PostCode?: string } };
    Roles?: { Role?: { id?: string; Status?: string }[] };
  };
}

const titleCase = (text: string | undefined) => (text ? organisationNameCase(text) : '');

/**
 * NHS England's Organisation Data Service, through its ORD API (public, no key; under 5 requests a second):
 * `GET {base}/ORD/2-0-0/organisations?Name=…&Status=Active&PrimaryRoleId=RO177&NonPrimaryRoleId=RO76&Limit=20`
 * finds open GP practices whose name contains the words (any case), answering `{ Organisations: [summary] }` with
 * the ODS code (`OrgId`), name and postcode; `GET {base}/ORD/2-0-0/organisations/{code}` answers one organisation's
 * full record (`{ Organisation }`, 404 for an unknown code), with its address in `GeoLoc.Location`. Names and
 * addresses come in capitals.
 */
export function nhsOdsGpPractices({ baseUrl }: { baseUrl: string }): GpPracticeDirectory {
  const get = async (path: string, query?: Record<string, string>) => {
    const url = new URL(path, baseUrl);
    for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
    try {
      return await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw new GpDirectoryError('The NHS directory did not answer');
    }
  };
  const json = async <T>(response: Response): Promise<T> => {
    try {
      return (await response.json()) as T;
    } catch {
      throw new GpDirectoryError(`The NHS directory answered HTTP ${response.status} without JSON`);
    }
  };

  return {
    async search(name) {
      const response = await get('/ORD/2-0-0/organisations', {
        Name: name.trim(),
        Status: 'Active',
        PrimaryRoleId: PRESCRIBING_COST_CENTRE,
        NonPrimaryRoleId: GP_PRACTICE,
        Limit: String(GP_SEARCH_LIMIT),
      });
      // A search that finds nothing may be answered 404 rather than with an empty list.
      if (response.status === 404) return [];
      if (!response.ok) throw new GpDirectoryError(`The NHS directory answered HTTP ${response.status}`);
      const body = await json<{ Organisations?: SummaryRecord[] }>(response);
      if (!Array.isArray(body.Organisations)) throw new GpDirectoryError('The NHS directory answered without organisations');
      return body.Organisations.filter((record): record is Required<Pick<SummaryRecord, 'OrgId' | 'Name'>> & SummaryRecord => Boolean(record.OrgId && record.Name))
        .filter((record) => record.Status === undefined || record.Status === 'Active')
        .map((record) => ({ odsCode: record.OrgId, name: titleCase(record.Name), postcode: record.PostCode ?? '' }));
    },

    async practice(odsCode) {
      const response = await get(`/ORD/2-0-0/organisations/${encodeURIComponent(odsCode)}`);
      if (response.status === 404) return null;
      if (!response.ok) throw new GpDirectoryError(`The NHS directory answered HTTP ${response.status}`);
      const record = (await json<FullRecord>(response)).Organisation;
      const location = record?.GeoLoc?.Location;
      const isOpenPractice = record?.Status === 'Active' && (record.Roles?.Role ?? []).some((role) => role.id === GP_PRACTICE && role.Status === 'Active');
      if (!record?.Name || !location?.AddrLn1 || !location.Town || !location.PostCode || !isOpenPractice) return null;
      const secondLines = [location.AddrLn2, location.AddrLn3].filter((line): line is string => Boolean(line?.trim())).map(titleCase);
      const practice: GpPractice = {
        odsCode: record.OrgId?.extension ?? odsCode,
        practiceName: titleCase(record.Name),
        addressLine1: titleCase(location.AddrLn1),
        cityOrTown: postTownCase(location.Town),
        postCode: location.PostCode,
      };
      return secondLines.length > 0 ? { ...practice, addressLine2: secondLines.join(', ') } : practice;
    },
  };
}
