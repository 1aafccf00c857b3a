import { randomBytes } from 'node:crypto';
import {
  applyPromotions,
  CART_ERROR,
  creditToSpend,
  offersWithReferral,
  couponRefusal,
  isFirstOrder,
  promotionsOpenTo,
  discountLabel,
  FREQUENCY_TITLES,
  itemDiscounts,
  INVALID_COUPON_MESSAGE,
  needsConsultation,
  subscriptionPlan,
  taskTypeSchema,
  type Promotion,
  type PromotionHistory,
  ukToday,
  type CartAddress,
  type CheckoutAddress,
  type CheckoutTask,
  type AddCartItem,
  type Cart,
  type Channel,
  type Frequency,
} from '@elmwood/domain';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { QuestionnaireService } from '../../contracts/questionnaires';
import { findConsultationId } from '../quiz/index';
import { NO_REFERRAL, type BuyerReferral, type ReferralsAtCheckout } from '../../contracts/referrals';
import { judgedByConsultation, prescriptionVerdict, type ConsultationAnswers } from './prescription-guard';
import type { PromotionCatalog } from './promotions';
import {
  deleteCart,
  deleteLine,
  findCartLines,
  findCartSnapshot,
  findPromotionHistory,
  findSellableVariants,
  claimCart,
  insertCart,
  linkConsultation,
  setCouponCode,
  preparedAddItemRead,
  putLine,
  type CartLineRow,
  type CartRow,
  type CartSnapshot,
  setCheckoutAddresses,
  type LinkedConsultation,
  type NewLine,
  type SellableVariant,
} from './repo';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,119}$/;
const ADDRESS_NEEDS_SIGN_IN = 'Please log in to give a delivery address.';
const CART_COMPLETED_MESSAGE = 'This order has already been placed, so its basket can no longer change. To order something else, please start a new consultation.';
const CART_NOT_FOUND = 'We could not find that cart. It may have expired; please start again.';
const CART_PAYING_MESSAGE =
  'Your payment for this basket is still in progress, so the basket cannot change. Please finish the payment step, or pay again to replace it.';

/** The signed-in patient's uid, or null for a visitor. */
export type Viewer = string | null;

export interface CartService {
  create(channel: Channel, couponCode: string | null): Promise<Cart>;
  /**
   * Every call below names the viewer: the signed-in patient's uid, or null for a visitor. A cart that has
   * an owner answers only to that owner; to anyone else it does not exist.
   */
  get(token: string, viewer: Viewer): Promise<Cart>;
  /** Adds the items in one transaction: all of them, or none when any is refused. */
  addItems(token: string, items: readonly AddCartItem[], viewer: Viewer): Promise<Cart>;
  removeItem(token: string, itemId: number, viewer: Viewer): Promise<Cart>;
  remove(token: string, viewer: Viewer): Promise<void>;
  /** Applies a coupon ('Discount applied'), replacing any other; an unknown code is refused. */
  applyCoupon(token: string, coupon: string, viewer: Viewer): Promise<Cart>;
  removeCoupon(token: string, viewer: Viewer): Promise<Cart>;
  /** Links this browser's consultation of the questionnaire to the cart. */
  linkConsultation(token: string, sessionHash: string | null, questionnaireId: number, viewer: Viewer): Promise<Cart>;
  /** The Shipping step: where the order goes, and where it is billed when that differs. */
  setAddress(token: string, address: CheckoutAddress, viewer: Viewer): Promise<Cart>;
  /** After sign-in: the anonymous cart the patient was filling becomes theirs. */
  claim(token: string, customerUid: string): Promise<void>;
  /** Whether a cart this viewer may see holds an unlicensed medicine; false for a cart they cannot see. */
  holdsUnlicensed(token: string, viewer: Viewer): Promise<boolean>;
}

export interface CartServiceOptions {
  db: Db;
  /** The buyer's referral discount and credit; left out, carts price without them. */
  referrals?: ReferralsAtCheckout;
  promotions: PromotionCatalog;
  questionnaires: QuestionnaireService;
  today?: () => string;
  /** The instant the delivery estimate counts from. */
  now?: () => Date;
}

/** The task definitions the lines' products bring, each once, in the clinic's order, with the products that bring it. */
function checkoutTasksOf(lines: readonly CartLineRow[]): CheckoutTask[] {
  const byCode = new Map<string, CheckoutTask & { position: number }>();
  for (const line of lines) {
    for (const task of line.tasks) {
      const taskType = taskTypeSchema.safeParse(task.taskType);
      if (!taskType.success) continue; // a definition of a kind this shop cannot show yet is not promised
      const known = byCode.get(task.code);
      if (known) {
        if (!known.productCodes.includes(line.product.code)) known.productCodes.push(line.product.code);
        continue;
      }
      const { position, ...definition } = task;
      byCode.set(task.code, { ...definition, taskType: taskType.data, position, productCodes: [line.product.code] });
    }
  }
  return [...byCode.values()].sort((a, b) => a.position - b.position || a.code.localeCompare(b.code)).map(({ position: _position, ...task }) => task);
}

export function toCart(
  cart: CartRow,
  lines: readonly CartLineRow[],
  consultationSlugs: readonly string[],
  offers: readonly Promotion[],
  now: Date,
  history: PromotionHistory | null,
  referral: BuyerReferral = NO_REFERRAL,
): Cart {
  const items = lines.map((line) => {
    const unitPrice = line.discountedPrice ?? line.price ?? 0;
    return {
      id: line.id,
      product: {
        code: line.product.code,
        slug: line.product.slug,
        name: line.product.name,
        isPrescriptionOnly: line.product.isPrescriptionOnly,
        images: line.product.images,
        quickShip: line.product.quickShip,
        isUnlicensed: line.product.isUnlicensed,
      },
      variant: line.variant,
      frequency: line.frequency as Frequency,
      quantity: line.quantity,
      unitPrice,
      total: unitPrice * line.quantity,
    };
  });
  const subtotal = items.reduce((sum, item) => sum + item.total, 0);
  const discountLines = items.map((item) => ({ variantCode: item.variant.code, total: item.total }));
  const buyerOffers = promotionsOpenTo(offersWithReferral(offers, referral.referred), history);
  const applied = applyPromotions(buyerOffers, discountLines, { isFirstOrder: isFirstOrder(history) });
  const shares = itemDiscounts(applied, buyerOffers, discountLines);
  const discounts = applied.map((entry) => ({
    code: entry.code,
    name: entry.name,
    amount: entry.amount,
    label: discountLabel(entry, subtotal),
    isCouponBased: entry.isCouponBased,
    isExclusive: entry.isExclusive,
  }));
  const cartDiscounts = Object.fromEntries(
    applied.map((entry) => [
      entry.code,
      { name: entry.name, amount: { current: entry.amount }, label: discountLabel(entry, subtotal), isCouponBased: entry.isCouponBased, isReferral: entry.isReferral },
    ]),
  );
  const discount = discounts.reduce((sum, entry) => sum + entry.amount, 0);
  // Delivery is free; referral credit pays what the discounts leave, as far as it goes.
  const shipping = 0;
  const credit = creditToSpend(referral.creditBalance, subtotal - discount + shipping);
  return {
    tokenValue: cart.token,
    channel: cart.channel,
    items: items.map((item, index) => ({ ...item, itemDiscounts: shares[index]! })),
    couponCode: cart.couponCode,
    discounts,
    cartDiscounts,
    consultations: [...new Set(consultationSlugs)],
    totals: { subtotal, discount, shipping, credit, total: subtotal - discount + shipping - credit },
    shippingAddress: cart.shippingAddress,
    billingAddress: cart.billingAddress ?? cart.shippingAddress,
    checkoutTasks: checkoutTasksOf(lines),
    subscription: subscriptionPlan(items, now),
  };
}

/** An address as checked by addressSchema, in the shape the cart keeps it. */
function storedAddress(address: CheckoutAddress['shippingAddress']): CartAddress {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    company: address.company,
    street: address.street ?? '',
    city: address.city,
    postcode: address.postcode,
    countryCode: 'GB',
    phoneNumber: address.phoneNumber ?? null,
  };
}

/** Why the item cannot be sold into this cart, or null when it can. */
function refusalFor(
  item: AddCartItem,
  variant: { channels: readonly string[]; unitPrice: number | undefined; inStock: boolean },
  cart: CartRow,
): AppError | null {
  if (!variant.channels.includes(cart.channel)) {
    return badRequest('NOT_SOLD_ON_CHANNEL', `'${item.productCode}' is not sold in this shop.`, { productCode: item.productCode });
  }
  if (variant.unitPrice === undefined) {
    return badRequest('NO_PRICE', `'${item.variantCode}' cannot be bought as ${FREQUENCY_TITLES[item.frequency].toLowerCase()}.`, {
      variantCode: item.variantCode,
      frequency: item.frequency,
    });
  }
  if (!variant.inStock) {
    return new AppError(409, CART_ERROR.outOfStock, `'${item.variantCode}' is out of stock.`, { variantCode: item.variantCode });
  }
  return null;
}

export function createCartService({ db, questionnaires, promotions, referrals, today = () => ukToday(new Date()), now = () => new Date() }: CartServiceOptions): CartService {
  const readForAdd = preparedAddItemRead(db);

  async function withQuestionnaires(linked: readonly LinkedConsultation[]): Promise<(ConsultationAnswers & { slug: string })[]> {
    const resolved = await Promise.all(
      linked.map(async ({ questionnaireId, answers }) => {
        const cached = await questionnaires.byId(questionnaireId);
        return cached ? { questionnaire: cached.questionnaire, answers, slug: cached.questionnaire.slug } : null;
      }),
    );
    return resolved.filter((entry) => entry !== null);
  }

  async function view({ cart, linked, lines, promotionHistory }: CartSnapshot): Promise<Cart> {
    const [consultations, offers, referral] = await Promise.all([
      withQuestionnaires(linked),
      offersFor(cart.couponCode),
      referrals && cart.customerUid ? referrals.forBuyer(db, cart.customerUid, { shippingAddress: cart.shippingAddress }) : NO_REFERRAL,
    ]);
    return toCart(cart, lines, consultations.map((entry) => entry.slug), offers, now(), promotionHistory, referral);
  }

  /** The automatic promotions, plus the one the cart's coupon names. */
  async function offersFor(couponCode: string | null): Promise<Promotion[]> {
    const [automatic, coupon] = await Promise.all([promotions.automatic(), promotions.byCoupon(couponCode)]);
    return coupon ? [...automatic, coupon] : automatic;
  }

  /**
   * A write changed nothing: its own WHERE found the cart gone, placed or waiting for a payment. Read again only to
   * say which.
   */
  async function refuseUnchanged(token: string, viewer: Viewer): Promise<never> {
    refuseCompleted(await snapshot(token, viewer));
    throw notFound(CART_NOT_FOUND);
  }

  async function snapshot(token: string, viewer: Viewer): Promise<CartSnapshot> {
    const found = TOKEN_PATTERN.test(token) ? await findCartSnapshot(db, token) : null;
    if (!found || !visibleTo(found.cart, viewer)) throw notFound(CART_NOT_FOUND);
    return found;
  }

  /** The cart, when it may still change: once its order is placed, the order is what the clinic reviews. */
  async function changeable(token: string, viewer: Viewer): Promise<CartSnapshot> {
    return refuseCompleted(await snapshot(token, viewer));
  }

  /** Checks every wanted item against the catalogue and the cart; throws the first reason one cannot be added. */
  function checkItems(items: readonly AddCartItem[], variants: ReadonlyMap<string, SellableVariant | null>, cart: CartRow) {
    return items.map((item) => {
      const variant = variants.get(item.variantCode);
      if (!variant || variant.productCode !== item.productCode) {
        throw badRequest('UNKNOWN_VARIANT', `There is no '${item.variantCode}' of the product '${item.productCode}'.`, {
          productCode: item.productCode,
          variantCode: item.variantCode,
        });
      }
      const price = variant.prices.find((candidate) => candidate.frequency === item.frequency);
      const unitPrice = price ? (price.discountedPrice ?? price.price) : undefined;
      const refusal = refusalFor(item, { channels: variant.channels, unitPrice, inStock: variant.inStock }, cart);
      if (refusal) throw refusal;
      return { item, variant, price: price! };
    });
  }

  /**
   * Refuses a product that needs a consultation (prescription-only or a pharmacy medicine) unless a linked
   * consultation, judged again now, allows it; and any other product a linked consultation lists unless it allows it.
   */
  async function guard(checked: ReturnType<typeof checkItems>, linked: readonly LinkedConsultation[]): Promise<void> {
    if (linked.length === 0 && !checked.some(({ variant }) => needsConsultation({ code: variant.productCode, isPrescriptionOnly: variant.isPrescriptionOnly }))) return;
    const consultations = await withQuestionnaires(linked);
    const prescribed = checked.filter(({ variant }) => judgedByConsultation({ code: variant.productCode, isPrescriptionOnly: variant.isPrescriptionOnly }, consultations));
    const date = today();
    for (const { variant, item } of prescribed) {
      const verdict = prescriptionVerdict(variant.productCode, item.variantCode, consultations, date);
      if (!verdict.allowed) {
        const details = verdict.allowedVariants ? { productCode: variant.productCode, variantCode: item.variantCode, allowedVariants: verdict.allowedVariants } : { productCode: variant.productCode };
        throw new AppError(422, verdict.code, verdict.message, details);
      }
    }
  }

  function newLine(cart: CartRow, { item, variant }: ReturnType<typeof checkItems>[number]): NewLine {
    return {
      cartId: cart.id,
      variantId: variant.variantId,
      frequency: item.frequency,
      // A patient gets one supply of one medicine for a condition at a time.
      quantity: variant.isPrescriptionOnly ? 1 : item.quantity,
      // One line per slot: another dose or medicine for the same condition replaces a prescription medicine.
      slot: variant.isPrescriptionOnly ? `rx:${variant.category}` : `variant:${variant.variantId}`,
    };
  }

  /** One item: one read (cart, consultations, lines, variant) and one atomic upsert. */
  async function addOne(token: string, item: AddCartItem, viewer: Viewer): Promise<Cart> {
    // A code that cannot be a variant's is not looked up: the read still says whether the cart exists.
    const found = CODE_PATTERN.test(item.variantCode) ? await readForAdd(token, item.variantCode) : { ...(await snapshot(token, viewer)), variant: null };
    if (!found || !visibleTo(found.cart, viewer)) throw notFound(CART_NOT_FOUND);
    refuseCompleted(found);
    const variants = new Map([[item.variantCode, found.variant]]);
    const [checked] = checkItems([item], variants, found.cart);
    await guard([checked!], found.linked);
    const line = newLine(found.cart, checked!);
    const id = await putLine(db, line);
    if (id === null) return refuseUnchanged(token, viewer);
    // The cart as read, with the new line in its slot (replacing the line that held it, whose id it keeps).
    const lines = found.lines.filter((existing) => existing.slot !== line.slot && existing.id !== id);
    lines.push({
      id,
      frequency: line.frequency,
      quantity: line.quantity,
      slot: line.slot,
      product: checked!.variant.product,
      variant: checked!.variant.variant,
      price: checked!.price.price,
      discountedPrice: checked!.price.discountedPrice,
      tasks: checked!.variant.tasks,
    });
    lines.sort((a, b) => a.id - b.id);
    return view({ ...found, lines });
  }

  /** Several items: checked together, then written in one transaction, so either all go in or none. */
  async function addMany(token: string, items: readonly AddCartItem[], viewer: Viewer): Promise<Cart> {
    const codes = [...new Set(items.map((item) => item.variantCode))].filter((code) => CODE_PATTERN.test(code));
    const [found, loaded] = await Promise.all([changeable(token, viewer), findSellableVariants(db, codes)]);
    const checked = checkItems(items, new Map(loaded.map((variant) => [variant.code, variant])), found.cart);
    await guard(checked, found.linked);
    const lines = await db.transaction(async (tx) => {
      for (const entry of checked) if ((await putLine(tx, newLine(found.cart, entry))) === null) return null;
      return findCartLines(tx, found.cart.id);
    });
    if (lines === null) return refuseUnchanged(token, viewer);
    return view({ ...found, lines });
  }

  return {
    async create(channel, couponCode) {
      // A coupon from a marketing link is kept only if it exists; a stale link must not stop the order.
      const promotion = await promotions.byCoupon(couponCode);
      const cart = await insertCart(db, { token: randomBytes(32).toString('base64url'), channel, couponCode: promotion ? couponCode!.trim().toUpperCase() : null });
      return toCart(cart, [], [], [], now(), null);
    },

    async applyCoupon(token, coupon, viewer) {
      const found = await changeable(token, viewer);
      const promotion = await promotions.byCoupon(coupon);
      if (!promotion) throw new AppError(422, CART_ERROR.invalidCoupon, INVALID_COUPON_MESSAGE, { coupon });
      // A signed-in patient is told at once when the code's uses are spent (a visitor learns it on signing in: no discount).
      const history = viewer === null ? null : found.cart.customerUid === viewer ? found.promotionHistory : await findPromotionHistory(db, viewer, found.cart.id);
      const refusal = couponRefusal(promotion, history);
      if (refusal) throw new AppError(422, CART_ERROR.couponUsed, refusal, { coupon });
      if (!(await setCouponCode(db, token, coupon.trim().toUpperCase()))) await refuseUnchanged(token, viewer);
      return view(await snapshot(token, viewer));
    },

    async removeCoupon(token, viewer) {
      await changeable(token, viewer);
      if (!(await setCouponCode(db, token, null))) await refuseUnchanged(token, viewer);
      return view(await snapshot(token, viewer));
    },

    async setAddress(token, { shippingAddress, billingAddress }, viewer) {
      // An address is personal data: it goes only on a signed-in patient's cart, which is theirs from then on.
      if (viewer === null) throw new AppError(401, 'UNAUTHENTICATED', ADDRESS_NEEDS_SIGN_IN);
      const { cart } = await changeable(token, viewer);
      if (cart.customerUid === null) await claimCart(db, token, viewer);
      const shipping = storedAddress(shippingAddress);
      const billing = billingAddress ? storedAddress(billingAddress) : null;
      if (!(await setCheckoutAddresses(db, token, shipping, billing))) await refuseUnchanged(token, viewer);
      return view(await snapshot(token, viewer));
    },

    async holdsUnlicensed(token, viewer) {
      const found = TOKEN_PATTERN.test(token) ? await findCartSnapshot(db, token) : null;
      if (!found || !visibleTo(found.cart, viewer)) return false;
      return found.lines.some((line) => line.product.isUnlicensed);
    },

    async claim(token, customerUid) {
      if (TOKEN_PATTERN.test(token)) await claimCart(db, token, customerUid);
    },

    async get(token, viewer) {
      return view(await snapshot(token, viewer));
    },

    async addItems(token, items, viewer) {
      if (!TOKEN_PATTERN.test(token)) throw notFound(CART_NOT_FOUND);
      try {
        return await (items.length === 1 ? addOne(token, items[0]!, viewer) : addMany(token, items, viewer));
      } catch (error) {
        if (isForeignKeyViolation(error)) throw notFound(CART_NOT_FOUND); // the cart was deleted meanwhile
        throw error;
      }
    },

    async removeItem(token, itemId, viewer) {
      await changeable(token, viewer);
      if (!(await deleteLine(db, token, itemId))) {
        refuseCompleted(await snapshot(token, viewer));
        throw notFound('That item is not in this cart.');
      }
      return view(await snapshot(token, viewer));
    },

    async remove(token, viewer) {
      await snapshot(token, viewer);
      if (!(await deleteCart(db, token))) await refuseUnchanged(token, viewer);
    },

    async linkConsultation(token, sessionHash, questionnaireId, viewer) {
      const { cart } = await changeable(token, viewer);
      const consultationId = sessionHash ? await findConsultationId(db, sessionHash, questionnaireId) : null;
      if (!consultationId) {
        throw new AppError(404, 'NO_CONSULTATION', 'There is no consultation from this browser to link. Please complete the consultation first.');
      }
      if (!(await db.transaction((tx) => linkConsultation(tx, cart.id, consultationId, questionnaireId)))) await refuseUnchanged(token, viewer);
      return view(await snapshot(token, viewer));
    },
  };
}

/** Refuses a cart whose order is placed, or waiting for its payment (the same code: the basket is the order's). */
function refuseCompleted<T extends { cart: Pick<CartRow, 'completedAt' | 'lockedAt'> }>(found: T): T {
  if (found.cart.completedAt) throw new AppError(409, CART_ERROR.completed, CART_COMPLETED_MESSAGE);
  if (found.cart.lockedAt) throw new AppError(409, CART_ERROR.completed, CART_PAYING_MESSAGE);
  return found;
}

/** An owned cart answers only to its owner; an anonymous one to whoever holds its token. */
export function visibleTo(cart: Pick<CartRow, 'customerUid'>, viewer: Viewer): boolean {
  return cart.customerUid === null || cart.customerUid === viewer;
}

/** PostgreSQL 23503: a row refers to one that is gone. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23503') return true;
  }
  return false;
}
