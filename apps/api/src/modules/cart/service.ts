import { randomBytes } from 'node:crypto';
import {
  CART_ERROR,
  FREQUENCY_TITLES,
  ukToday,
  type AddCartItem,
  type Cart,
  type Channel,
  type Frequency,
} from '@elmwood/domain';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { QuestionnaireService } from '../questionnaires/index';
import { findConsultationId } from '../quiz/index';
import { prescriptionVerdict, type ConsultationAnswers } from './prescription-guard';
import {
  deleteCart,
  deleteLine,
  findCart,
  findCartLines,
  findLinkedConsultations,
  findSellableVariants,
  insertCart,
  linkConsultation,
  lockCart,
  putLine,
  type CartLineRow,
  type CartRow,
  type LinkedConsultation,
  type Queryable,
  type SellableVariant,
} from './repo';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,119}$/;
const CART_NOT_FOUND = 'We could not find that cart. It may have expired; please start again.';
const MAX_VARIANT_CACHE_ENTRIES = 1000;

export interface CartService {
  create(channel: Channel, couponCode: string | null): Promise<Cart>;
  get(token: string): Promise<Cart>;
  /** Adds the items in one transaction: all of them, or none when any is refused. */
  addItems(token: string, items: readonly AddCartItem[]): Promise<Cart>;
  removeItem(token: string, itemId: number): Promise<Cart>;
  remove(token: string): Promise<void>;
  /** Links this browser's consultation of the questionnaire to the cart. */
  linkConsultation(token: string, sessionHash: string | null, questionnaireId: number): Promise<Cart>;
}

export interface CartServiceOptions {
  db: Db;
  questionnaires: QuestionnaireService;
  /** How long variants, prices and stock are reused between adds (seconds; 0 reads them every time). */
  catalogCacheSeconds: number;
  today?: () => string;
}

function toCart(cart: CartRow, lines: readonly CartLineRow[], consultationSlugs: readonly string[]): Cart {
  const items = lines.map((line) => {
    const unitPrice = line.discountedPrice ?? line.price ?? 0;
    return {
      id: line.id,
      product: line.product,
      variant: line.variant,
      frequency: line.frequency as Frequency,
      quantity: line.quantity,
      unitPrice,
      total: unitPrice * line.quantity,
    };
  });
  const subtotal = items.reduce((sum, item) => sum + item.total, 0);
  // Discounts, shipping and customer credit arrive with their own issues; delivery is free.
  const discount = 0;
  const shipping = 0;
  const credit = 0;
  return {
    tokenValue: cart.token,
    channel: cart.channel,
    items,
    couponCode: cart.couponCode,
    consultations: [...new Set(consultationSlugs)],
    totals: { subtotal, discount, shipping, credit, total: subtotal - discount + shipping - credit },
  };
}

export function createCartService({ db, questionnaires, catalogCacheSeconds, today = () => ukToday(new Date()) }: CartServiceOptions): CartService {
  const variantCache = new Map<string, { variant: SellableVariant | null; expiresAt: number }>();

  /** Variants by code, from a short-lived cache like the catalogue's (stock and prices as of at most the TTL ago). */
  async function variantsByCode(codes: readonly string[]): Promise<Map<string, SellableVariant | null>> {
    const now = Date.now();
    const found = new Map<string, SellableVariant | null>();
    const missing: string[] = [];
    for (const code of new Set(codes)) {
      const hit = variantCache.get(code);
      if (hit && hit.expiresAt > now) found.set(code, hit.variant);
      else if (CODE_PATTERN.test(code)) missing.push(code);
      else found.set(code, null);
    }
    if (missing.length > 0) {
      const loaded = await findSellableVariants(db, missing);
      if (variantCache.size + missing.length > MAX_VARIANT_CACHE_ENTRIES) variantCache.clear();
      for (const code of missing) {
        const variant = loaded.find((candidate) => candidate.code === code) ?? null;
        found.set(code, variant);
        if (catalogCacheSeconds > 0) variantCache.set(code, { variant, expiresAt: now + catalogCacheSeconds * 1000 });
      }
    }
    return found;
  }

  async function withQuestionnaires(linked: readonly LinkedConsultation[]): Promise<(ConsultationAnswers & { slug: string })[]> {
    const resolved = await Promise.all(
      linked.map(async ({ questionnaireId, answers }) => {
        const cached = await questionnaires.byId(questionnaireId);
        return cached ? { questionnaire: cached.questionnaire, answers, slug: cached.questionnaire.slug } : null;
      }),
    );
    return resolved.filter((entry) => entry !== null);
  }

  async function view(tx: Queryable, cart: CartRow, linked?: readonly LinkedConsultation[]): Promise<Cart> {
    const [lines, consultations] = await Promise.all([
      findCartLines(tx, cart.id),
      linked ? Promise.resolve(linked) : findLinkedConsultations(tx, cart.id),
    ]);
    return toCart(cart, lines, (await withQuestionnaires(consultations)).map((entry) => entry.slug));
  }

  /** Checks one wanted item against the catalogue and the cart; throws the reason it cannot be added. */
  function sellable(item: AddCartItem, variant: SellableVariant | null | undefined, cart: CartRow): SellableVariant & { unitPrice: number } {
    if (!variant || variant.productCode !== item.productCode) {
      throw badRequest('UNKNOWN_VARIANT', `There is no '${item.variantCode}' of the product '${item.productCode}'.`, {
        productCode: item.productCode,
        variantCode: item.variantCode,
      });
    }
    if (!variant.channels.includes(cart.channel)) {
      throw badRequest('NOT_SOLD_ON_CHANNEL', `'${item.productCode}' is not sold in this shop.`, { productCode: item.productCode });
    }
    const unitPrice = variant.unitPrices[item.frequency];
    if (unitPrice === undefined) {
      throw badRequest('NO_PRICE', `'${item.variantCode}' cannot be bought as ${FREQUENCY_TITLES[item.frequency].toLowerCase()}.`, {
        variantCode: item.variantCode,
        frequency: item.frequency,
      });
    }
    if (!variant.inStock) {
      throw new AppError(409, CART_ERROR.outOfStock, `'${item.variantCode}' is out of stock.`, { variantCode: item.variantCode });
    }
    return { ...variant, unitPrice };
  }

  return {
    async create(channel, couponCode) {
      const cart = await insertCart(db, { token: randomBytes(32).toString('base64url'), channel, couponCode });
      return toCart(cart, [], []);
    },

    async get(token) {
      const cart = TOKEN_PATTERN.test(token) ? await findCart(db, token) : null;
      if (!cart) throw notFound(CART_NOT_FOUND);
      return view(db, cart);
    },

    async addItems(token, items) {
      if (!TOKEN_PATTERN.test(token)) throw notFound(CART_NOT_FOUND);
      const variants = await variantsByCode(items.map((item) => item.variantCode));
      return db.transaction(async (tx) => {
        // The lock serialises adds to one cart, so concurrent adds neither lose nor duplicate a line.
        const cart = await lockCart(tx, token);
        if (!cart) throw notFound(CART_NOT_FOUND);
        const linked = await findLinkedConsultations(tx, cart.id);
        const checked = items.map((item) => ({ item, variant: sellable(item, variants.get(item.variantCode), cart) }));

        if (checked.some(({ variant }) => variant.isPrescriptionOnly)) {
          const consultations = await withQuestionnaires(linked);
          const date = today();
          for (const { variant } of checked.filter((entry) => entry.variant.isPrescriptionOnly)) {
            const verdict = prescriptionVerdict(variant.productCode, consultations, date);
            if (!verdict.allowed) throw new AppError(422, verdict.code, verdict.message, { productCode: variant.productCode });
          }
        }

        for (const { item, variant } of checked) {
          await putLine(tx, {
            cartId: cart.id,
            variantId: variant.variantId,
            productId: variant.productId,
            frequency: item.frequency,
            // A patient gets one supply of a medicine at a time.
            quantity: variant.isPrescriptionOnly ? 1 : item.quantity,
            wholeProduct: variant.isPrescriptionOnly,
          });
        }
        return view(tx, cart, linked);
      });
    },

    async removeItem(token, itemId) {
      if (!TOKEN_PATTERN.test(token)) throw notFound(CART_NOT_FOUND);
      const removed = await deleteLine(db, token, itemId);
      const cart = await findCart(db, token);
      if (!cart) throw notFound(CART_NOT_FOUND);
      if (!removed) throw notFound('That item is not in this cart.');
      return view(db, cart);
    },

    async remove(token) {
      if (!TOKEN_PATTERN.test(token) || !(await deleteCart(db, token))) throw notFound(CART_NOT_FOUND);
    },

    async linkConsultation(token, sessionHash, questionnaireId) {
      const cart = TOKEN_PATTERN.test(token) ? await findCart(db, token) : null;
      if (!cart) throw notFound(CART_NOT_FOUND);
      const consultationId = sessionHash ? await findConsultationId(db, sessionHash, questionnaireId) : null;
      if (!consultationId) {
        throw new AppError(404, 'NO_CONSULTATION', 'There is no consultation from this browser to link. Please complete the consultation first.');
      }
      return db.transaction(async (tx) => {
        await linkConsultation(tx, cart.id, consultationId, questionnaireId);
        return view(tx, cart);
      });
    },
  };
}
