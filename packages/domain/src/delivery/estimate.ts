import { parseIsoDate, SHORT_MONTHS, type IsoDate } from './calendar-date';
import { ENGLAND_AND_WALES_BANK_HOLIDAYS } from './bank-holidays';
import { ukWallClock } from './uk-clock';
import { isWorkingDay, nextWorkingDay } from './working-days';

/** Orders placed before 15:45 UK time on a working day leave the same day. */
export const ORDER_CUTOFF_MINUTES = 15 * 60 + 45;

export interface DeliveryEstimateOptions {
  /** Quick ship: the window is a day shorter, delivered the working day after dispatch. */
  express?: boolean;
  bankHolidays?: Iterable<IsoDate>;
}

export interface DeliveryWindow {
  dispatch: IsoDate;
  from: IsoDate;
  to: IsoDate;
}

/**
 * When an order placed at this instant would arrive: dispatch today if before the cut-off on a
 * working day, else the next working day; standard delivery within two working days of dispatch
 * (first to second), express on the first working day after dispatch.
 */
export function deliveryWindow(instant: Date, options: DeliveryEstimateOptions = {}): DeliveryWindow {
  const holidays = new Set(options.bankHolidays ?? ENGLAND_AND_WALES_BANK_HOLIDAYS);
  const { date, minutes } = ukWallClock(instant);
  const dispatch =
    isWorkingDay(date, holidays) && minutes < ORDER_CUTOFF_MINUTES ? date : nextWorkingDay(date, holidays);
  const from = nextWorkingDay(dispatch, holidays);
  const to = options.express ? from : nextWorkingDay(from, holidays);
  return { dispatch, from, to };
}


/** '03 Apr.' */
export function formatDeliveryDate(date: IsoDate): string {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new RangeError(`Not a calendar date: ${date}`);
  return `${String(parsed.day).padStart(2, '0')} ${SHORT_MONTHS[parsed.month - 1]}.`;
}

/** '24 Nov. - 25 Nov.'; a one-day (express) window shows its single date, '24 Nov.'. */
export function formatDeliveryWindow(window: Pick<DeliveryWindow, 'from' | 'to'>): string {
  const from = formatDeliveryDate(window.from);
  return window.from === window.to ? from : `${from} - ${formatDeliveryDate(window.to)}`;
}

export function deliveryEstimate(instant: Date, options: DeliveryEstimateOptions = {}): string {
  return formatDeliveryWindow(deliveryWindow(instant, options));
}
