import { describe, expect, it } from 'vitest';
import { gmcRegisterUrl } from './staff';

describe('gmcRegisterUrl', () => {
  it("links a GMC number to its entry on the GMC's register", () => {
    expect(gmcRegisterUrl('7123456')).toBe('https://www.gmc-uk.org/registrants/7123456');
  });

  it('links nothing that is not a GMC number', () => {
    expect(gmcRegisterUrl('123')).toBeNull();
    expect(gmcRegisterUrl('7123456/../x')).toBeNull();
  });
});
