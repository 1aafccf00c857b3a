import { createContext, useContext } from 'react';
import type { StaffMember } from '@elmwood/domain';

export const StaffContext = createContext<StaffMember | null>(null);

/** The signed-in member, inside the console's guarded pages. */
export function useStaff(): StaffMember {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff is only for pages inside ClinicLayout');
  return staff;
}
