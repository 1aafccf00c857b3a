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

export function createCartService({ db, questionnaires, catalogCacheSeconds, today = () => ukToday(new Date()) }: CartServiceOptions): CartService {
  const variantCache = new Map<string, { variant: SellableVariant | null; expiresAt: number }>();

  /**
   * Variants by code, from a short-lived cache like the catalogue's, or fresh from `fresh` (a transaction)
   * when given. A cached answer only ever lets an add go ahead: the line is checked again on the fresh cart
   * view, and a cached refusal is confirmed on fresh data before it is given.
   */
  async function variantsByCode(codes: readonly string[], fresh?: Queryable): Promise<Map<string, SellableVariant | null>> {
    const now = Date.now();
    const found = new Map<string, SellableVariant | null>();
    const missing: string[] = [];
    for (const code of new Set(codes)) {
      const hit = fresh ? undefined : variantCache.get(code);
      if (hit && hit.expiresAt > now) found.set(code, hit.variant);
      else if (CODE_PATTERN.test(code)) missing.push(code);
      else found.set(code, null);
    }
    if (missing.length > 0) {
      const loaded = await findSellableVariants(fresh ?? db, missing);
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

  /** Checks every wanted item against the catalogue and the cart; throws the first reason one cannot be added. */
  function checkItems(items: readonly AddCartItem[], variants: Map<string, SellableVariant | null>, cart: CartRow) {
    return items.map((item) => {
      const variant = variants.get(item.variantCode);
      if (!variant || variant.productCode !== item.productCode) {
        throw badRequest('UNKNOWN_VARIANT', `There is no '${item.variantCode}' of the product '${item.productCode}'.`, {
          productCode: item.productCode,
          variantCode: item.variantCode,
        });
      }
      const refusal = refusalFor(item, { channels: variant.channels, unitPrice: variant.unitPrices[item.frequency], inStock: variant.inStock }, cart);
      if (refusal) throw refusal;
      return { item, variant };
    });
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
      const codes = items.map((item) => item.variantCode);
      const cachedVariants = await variantsByCode(codes);
      return db.transaction(async (tx) => {
        // The lock serialises adds to one cart, so concurrent adds neither lose nor duplicate a line.
        const cart = await lockCart(tx, token);
        if (!cart) throw notFound(CART_NOT_FOUND);
        const linked = await findLinkedConsultations(tx, cart.id);
        let checked: ReturnType<typeof checkItems>;
        try {
          checked = checkItems(items, cachedVariants, cart);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          checked = checkItems(items, await variantsByCode(codes, tx), cart);
        }

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
            frequency: item.frequency,
            // A patient gets one supply of one medicine for a condition at a time.
            quantity: variant.isPrescriptionOnly ? 1 : item.quantity,
            prescriptionCategory: variant.isPrescriptionOnly ? variant.category : null,
          });
        }
        const lines = await findCartLines(tx, cart.id);
        // The price, stock and channel as the database has them now, inside the transaction.
        for (const { item } of checked) {
          const line = lines.find((candidate) => candidate.variant.code === item.variantCode && candidate.frequency === item.frequency);
          if (!line) continue; // replaced by a later item of the same request
          const unitPrice = line.discountedPrice ?? line.price ?? undefined;
          const refusal = refusalFor(item, { channels: line.channels, unitPrice, inStock: line.inStock }, cart);
          if (refusal) throw refusal;
        }
        return toCart(cart, lines, (await withQuestionnaires(linked)).map((entry) => entry.slug));
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
