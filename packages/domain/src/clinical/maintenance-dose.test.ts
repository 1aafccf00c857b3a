import { describe, expect, it } from 'vitest';
import { maintenanceDoseSince, type ApprovedSupply } from './maintenance-dose';
import { DEFAULT_CLINICAL_POLICY } from './policy';

const supply = (variantCode: string, suppliedOn: string): ApprovedSupply => ({ productCode: variantCode.split('-')[0]!, variantCode, suppliedOn });
const since = (supplies: ApprovedSupply[], held = DEFAULT_CLINICAL_POLICY.maintenanceDoseHeldSupplies) => maintenanceDoseSince(supplies, { maintenanceDoseHeldSupplies: held });

describe('the day the maintenance dose began, from approved supplies', () => {
  it('Wegovy: from the first supply of 2.4 mg (the licence’s maintenance dose), however short the run so far', () => {
    const titration = [supply('WEGOVY-0-25MG', '2026-01-05'), supply('WEGOVY-0-5MG', '2026-02-04'), supply('WEGOVY-1MG', '2026-03-06'), supply('WEGOVY-1-7MG', '2026-04-05')];
    expect(since(titration)).toBeNull();
    expect(since([...titration, supply('WEGOVY-2-4MG', '2026-05-05')])).toBe('2026-05-05');
    expect(since([...titration, supply('WEGOVY-2-4MG', '2026-05-05'), supply('WEGOVY-2-4MG', '2026-06-04')])).toBe('2026-05-05');
  });

  it('a dose other than the named one counts once supplied unchanged for the policy’s number of supplies, from the first of them', () => {
    const oneAt10 = [supply('MOUNJARO-7-5MG', '2026-01-05'), supply('MOUNJARO-10MG', '2026-02-04')];
    expect(since(oneAt10)).toBeNull();
    expect(since([...oneAt10, supply('MOUNJARO-10MG', '2026-03-06')])).toBe('2026-02-04');
    expect(since([...oneAt10, supply('MOUNJARO-10MG', '2026-03-06')], 3)).toBeNull();
    expect(since([...oneAt10, supply('MOUNJARO-10MG', '2026-03-06'), supply('MOUNJARO-10MG', '2026-04-05')], 3)).toBe('2026-02-04');
    // Wegovy kept at 1.7 mg (2.4 mg not tolerated) likewise.
    expect(since([supply('WEGOVY-1-7MG', '2026-01-05'), supply('WEGOVY-1-7MG', '2026-02-04')])).toBe('2026-01-05');
  });

  it('a change of dose starts the count again: a step down from 2.4 mg, or back up to it', () => {
    const history = [supply('WEGOVY-2-4MG', '2026-01-05'), supply('WEGOVY-2-4MG', '2026-02-04'), supply('WEGOVY-1-7MG', '2026-03-06')];
    expect(since(history)).toBeNull();
    expect(since([...history, supply('WEGOVY-2-4MG', '2026-04-05')])).toBe('2026-04-05');
  });

  it('a switch of medicine starts again; other medicines are ignored; supplies are read in date order', () => {
    expect(since([supply('WEGOVY-2-4MG', '2026-01-05'), supply('MOUNJARO-15MG', '2026-02-04')])).toBeNull();
    const withOthers = [supply('WEGOVY-2-4MG', '2026-03-06'), { productCode: 'SILDENAFIL', variantCode: 'SILDENAFIL-50MG', suppliedOn: '2026-02-20' }, supply('WEGOVY-2-4MG', '2026-02-04')];
    expect(since(withOthers)).toBe('2026-02-04');
    expect(since([{ productCode: 'SILDENAFIL', variantCode: 'SILDENAFIL-50MG', suppliedOn: '2026-02-20' }])).toBeNull();
    expect(since([])).toBeNull();
  });
});
