import { addDays, dayOfWeek, type IsoDate } from './calendar-date';

export function isWorkingDay(date: IsoDate, bankHolidays: ReadonlySet<IsoDate>): boolean {
  const weekday = dayOfWeek(date);
  return weekday !== 0 && weekday !== 6 && !bankHolidays.has(date);
}

/** The first working day strictly after the date. */
export function nextWorkingDay(date: IsoDate, bankHolidays: ReadonlySet<IsoDate>): IsoDate {
  let day = addDays(date, 1);
  while (!isWorkingDay(day, bankHolidays)) day = addDays(day, 1);
  return day;
}
