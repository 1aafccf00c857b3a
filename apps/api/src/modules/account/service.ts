import {
  DEFAULT_CHANNEL,
  checkNextDeliveryChange,
  formatLongDate,
  nextDeliveryOptions,
  orderTimeline,
  trackingUrl,
  type Carrier,
  progressSections,
  ukCalendarDate,
  type AccountHome,
  type OrderHistoryEntry,
  type OrderHistoryPage,
  type OrderState,
  type ProductImage,
  type SubscriptionView,
  patientPlanState,
  type SubscriptionState,
  withoutSecondOfClass,
} from '@elmwood/domain';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { upcomingAppointments } from '../coaches/index';
import { planSupply } from './plan-supply';
import {
  activeSubscriptions,
  boughtProducts,
  consultationSlugsByTaxon,
  customerProfile,
  itemsOfOrders,
  latestLiveOrder,
  openCriticalTaskCount,
  orderById,
  ordersPage,
  ownSubscription,
  paymentTokenById,
  productsOfCategories,
  setNextDeliveryDate,
  type OrderItemRow,
  type OrderRow,
  type SubscriptionRow,
} from './repo';
import type { WeightRecord } from '../../contracts/patient-record';

export const SUBSCRIPTION_NOT_FOUND_MESSAGE = 'We could not find that treatment plan.';
const LATEST_ORDERS = 3;
const RECOMMENDED = 4;

const image = (item: OrderItemRow | undefined) => (item?.image ?? null) as ProductImage | null;

function frequencyText(days: number): string {
  if (days === 90) return 'Every 3 months';
  if (days === 30) return 'Every month';
  return 'One-off';
}

export function toHistoryEntry(order: OrderRow, items: OrderItemRow[]): OrderHistoryEntry {
  const [first] = items;
  const others = items.length - 1;
  return {
    id: order.number,
    title: first ? (others > 0 ? `${first.productName} and ${others} more` : first.productName) : `Order ${order.number}`,
    subtitle: `Ordered ${formatLongDate(ukCalendarDate(order.createdAt))}`,
    image: image(first),
    price: order.total,
    noOfItems: items.reduce((sum, item) => sum + item.quantity, 0),
    state: order.state as OrderState,
    createdAt: order.createdAt.toISOString(),
    statusReason: order.rejectionReason,
    tracking:
      order.trackingCarrier && order.trackingNumber
        ? { carrier: order.trackingCarrier as Carrier, number: order.trackingNumber, url: trackingUrl(order.trackingCarrier as Carrier, order.trackingNumber) }
        : null,
  };
}

async function historyEntries(db: Db, rows: OrderRow[]): Promise<OrderHistoryEntry[]> {
  const items = await itemsOfOrders(db, rows.map((row) => row.id));
  return rows.map((row) => toHistoryEntry(row, items.filter((item) => item.orderId === row.id)));
}

export interface AccountServiceOptions {
  db: Db;
  /** The current instant; tests fix it. */
  now: () => Date;
  /** The plan page shows the patient's goal against their first weight. */
  weights: Pick<WeightRecord, 'goals'>;
}

export function createAccountService({ db, now, weights }: AccountServiceOptions) {
  async function subscriptionView(subscription: SubscriptionRow): Promise<SubscriptionView> {
    const [order, items, token, supply] = await Promise.all([
      orderById(db, subscription.orderId),
      itemsOfOrders(db, [subscription.orderId]),
      subscription.paymentTokenId === null ? undefined : paymentTokenById(db, subscription.paymentTokenId),
      planSupply(db, subscription),
    ]);
    const dateChange = nextDeliveryOptions({ state: subscription.state, scheduled: subscription.nextDeliveryDate }, supply, now());
    const recurring = items.filter((item) => item.frequency === subscription.frequency);
    return {
      id: subscription.id,
      state: patientPlanState(subscription.state as SubscriptionState),
      price: { current: subscription.price },
      discount: subscription.discount,
      nextShipment: subscription.nextDeliveryDate,
      isShippingRequired: subscription.isShippingRequired,
      frequency: subscription.frequency,
      planMonths: subscription.planMonths,
      items: recurring.map((item) => ({
        productCode: item.productCode,
        productSlug: item.productSlug,
        productName: item.productName,
        variantName: item.variantName,
        dosage: item.dosage,
        quantity: item.quantity,
        image: image(item),
      })),
      order: { number: order.number, state: order.state as OrderState, timeline: orderTimeline(order.state as OrderState, order.rejectionReason) },
      nextDeliveryLimits: dateChange.limits,
      nextDeliveryRefusal: dateChange.refusal,
      paymentMethod: token ?? null,
    };
  }

  return {
    async home(customerId: number): Promise<AccountHome> {
      const [profile, latest, page, goals, subscriptions, bought, slugs, criticalOpen] = await Promise.all([
        customerProfile(db, customerId),
        latestLiveOrder(db, customerId),
        ordersPage(db, customerId, 1, LATEST_ORDERS),
        weights.goals(db, customerId),
        activeSubscriptions(db, customerId),
        boughtProducts(db, customerId),
        consultationSlugsByTaxon(db),
        openCriticalTaskCount(db, customerId),
      ]);
      const subscriptionItems = await itemsOfOrders(db, subscriptions.map((subscription) => subscription.orderId));
      const taken = bought.map((product) => product.code);
      // Never a second medicine of a class the patient is on (a Mounjaro patient is not offered Wegovy).
      const recommended = withoutSecondOfClass(
        await productsOfCategories(db, [...new Set(bought.map((product) => product.category))], taken, DEFAULT_CHANNEL, RECOMMENDED + taken.length),
        taken,
        (product) => product.code,
      ).slice(0, RECOMMENDED);
      return {
        firstName: profile.firstName,
        progress: progressSections({
          order: latest ? { state: latest.state as OrderState } : null,
          openCriticalTasks: criticalOpen,
        }),
        goals,
        activeTreatments: subscriptions.map((subscription) => {
          const items = subscriptionItems.filter((item) => item.orderId === subscription.orderId && item.frequency === subscription.frequency);
          const [first] = items;
          return {
            subscriptionId: subscription.id,
            productCode: first?.productCode ?? null,
            title: first?.productName ?? 'Your treatment',
            subtitle: [first?.dosage, frequencyText(subscription.frequency)].filter(Boolean).join(' · '),
            image: image(first),
            nextDeliveryDate: subscription.nextDeliveryDate,
          };
        }),
        recommendedTreatments: recommended.map((product) => ({
          code: product.code,
          slug: product.slug,
          title: product.name,
          subtitle: product.shortDescription,
          image: product.images[0] ?? null,
          consultationSlug: product.isPrescriptionOnly ? (slugs.get(product.category) ?? null) : null,
        })),
        latestOrders: await historyEntries(db, page.rows),
        appointments: await upcomingAppointments(db, customerId, now()),
      };
    },

    async orderHistory(customerId: number, page: number, limit: number): Promise<OrderHistoryPage> {
      const { rows, total } = await ordersPage(db, customerId, page, limit);
      return { items: await historyEntries(db, rows), page, pages: Math.max(1, Math.ceil(total / limit)), total };
    },

    async subscription(customerId: number, id: string): Promise<SubscriptionView> {
      const subscription = await ownSubscription(db, customerId, id);
      if (!subscription) throw notFound(SUBSCRIPTION_NOT_FOUND_MESSAGE);
      return subscriptionView(subscription);
    },

    /**
     * Moves the next delivery within the limits a clinic allows (packages/domain next-delivery rule): never sooner than
     * the supply the patient has allows, nothing while an order of the plan waits for the prescriber. The renewal's
     * charge date follows the delivery.
     */
    async moveNextDelivery(customerId: number, id: string, date: string): Promise<SubscriptionView> {
      const updated = await db.transaction(async (tx) => {
        const subscription = await ownSubscription(tx, customerId, id, { lock: true });
        if (!subscription) throw notFound(SUBSCRIPTION_NOT_FOUND_MESSAGE);
        const supply = await planSupply(tx, subscription);
        const check = checkNextDeliveryChange({ date, scheduled: subscription.nextDeliveryDate, subscriptionState: subscription.state, supply, now: now() });
        if (!check.ok) throw new AppError(422, 'INVALID_DELIVERY_DATE', check.message, { field: 'date' });
        await setNextDeliveryDate(tx, id, check.date);
        return { ...subscription, nextDeliveryDate: check.date };
      });
      return subscriptionView(updated);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
