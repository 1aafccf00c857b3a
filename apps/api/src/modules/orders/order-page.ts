import { asc, eq } from 'drizzle-orm';
import {
  approvedDoseOf,
  datedOrderTimeline,
  doseChanged,
  namedPrescriber,
  recordedPrescriber,
  trackingUrl,
  vatSummary,
  type Carrier,
  type CartAddress,
  type NamedPrescriber,
  type OrderPage,
  type PrescriberEntry,
  type OrderState,
} from '@elmwood/domain';
import type { Db } from '../../db/client';
import { orderItems } from '../../db/schema/orders';
import { notFound } from '../../lib/errors';
import { orderHistory, type OrderEventRow } from '../../lifecycle/index';
import { findOwnedOrder, orderItemOf } from './repo';
import type { Customer } from './service';
import { renderReceipt } from './receipt-pdf';

const NOT_FOUND = 'We could not find that order.';

/** Who approved the order, as the approval recorded them (name and registration) with their profession, else null. */
function prescriberOf(history: readonly OrderEventRow[], configured: readonly PrescriberEntry[]): NamedPrescriber | null {
  const recorded = recordedPrescriber(history.filter((row) => row.machine === 'order' && row.event === 'approved').at(-1)?.data);
  return recorded ? namedPrescriber(recorded, configured) : null;
}

/** The prescriber approved another dose than the one ordered: which, and their reason. */
function doseChangeOf(history: readonly OrderEventRow[]): OrderPage['doseChange'] {
  const approval = history.filter((row) => row.machine === 'order' && row.event === 'approved').at(-1);
  const dose = approvedDoseOf(approval?.data);
  return dose && doseChanged(dose) ? { productName: dose.productName, askedDosage: dose.asked.dosage, approvedDosage: dose.approved.dosage, rationale: dose.rationale } : null;
}

/** The card or wallet the checkout payment was authorised with, as its history recorded it. */
function paidWithOf(history: readonly OrderEventRow[]): OrderPage['paymentMethod'] {
  const authorised = history.filter((row) => row.machine === 'payment' && row.event === 'authorised').at(-1);
  const paidWith = authorised?.data?.paidWith as { brand?: unknown; last4?: unknown } | undefined;
  return paidWith && typeof paidWith.brand === 'string' && typeof paidWith.last4 === 'string' ? { brand: paidWith.brand, last4: paidWith.last4 } : null;
}

const discountsOf = (value: unknown): OrderPage['discounts'] =>
  (Array.isArray(value) ? value : []).flatMap((entry: { name?: unknown; amount?: unknown }) =>
    typeof entry?.name === 'string' && typeof entry.amount === 'number' ? [{ name: entry.name, amount: entry.amount }] : [],
  );

/**
 * The patient's order page and its receipt (owner only: another patient's order number is not found). Both name the
 * prescriber who approved it, with the profession 'Who prescribes' gives them (`prescribers`, from configuration).
 */
export function createOrderPages({ db, brandName, prescribers }: { db: Db; brandName: string; prescribers: readonly PrescriberEntry[] }) {
  async function load(customer: Customer, number: string) {
    const order = await findOwnedOrder(db, customer.id, number);
    // An order whose payment never went through was never placed: there is nothing to show or receipt.
    if (!order || order.state === 'payment_pending' || order.state === 'payment_failed') throw notFound(NOT_FOUND);
    const [rows, history] = await Promise.all([db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)), orderHistory(db, order.id)]);
    const moves = history
      .filter((row) => row.machine === 'order')
      .map((row) => ({ event: row.event, toState: row.toState, reason: row.reason, at: row.createdAt.toISOString() }));
    const page: OrderPage = {
      number: order.number,
      state: order.state as OrderState,
      createdAt: order.createdAt.toISOString(),
      items: rows.map(orderItemOf),
      totals: { subtotal: order.subtotal, discount: order.discount, shipping: order.shipping, credit: order.credit, total: order.total },
      discounts: discountsOf(order.discounts),
      shippingAddress: order.shippingAddress as CartAddress,
      billingAddress: order.billingAddress as CartAddress,
      paymentMethod: paidWithOf(history),
      timeline: datedOrderTimeline(order.state as OrderState, moves, order.rejectionReason),
      tracking:
        order.trackingCarrier && order.trackingNumber
          ? { carrier: order.trackingCarrier as Carrier, number: order.trackingNumber, url: trackingUrl(order.trackingCarrier as Carrier, order.trackingNumber) }
          : null,
      vat: vatSummary(rows, order.total),
      doseChange: doseChangeOf(history),
      prescriber: ['approved', 'dispatched', 'delivered', 'refunded'].includes(order.state) ? prescriberOf(history, prescribers) : null,
    };
    return page;
  }

  return {
    /** GET /orders/{number}/details. */
    page: (customer: Customer, number: string): Promise<OrderPage> => load(customer, number),

    /** GET /orders/{number}/receipt: the receipt as a PDF. */
    async receipt(customer: Customer, number: string): Promise<Buffer> {
      const page = await load(customer, number);
      return renderReceipt({ brandName, order: page, prescriber: page.prescriber, customerName: `${page.billingAddress.firstName} ${page.billingAddress.lastName}`.trim() });
    },
  };
}
export type OrderPages = ReturnType<typeof createOrderPages>;
