import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { CART_ERROR, dividePence, effectivePrice, monthsPerDelivery, pricePeriodText, reviewGroupOf, type Frequency, type Product, type QuizState } from '@elmwood/domain';
import { useProductsByCodes } from '../../catalog';
import { useStartCheckout } from '../../cart';
import { isApiError } from '../../../lib/api';
import { QUIZ_ADD_TO_CART_KEY, QUIZ_COUPON_KEY } from '../../../lib/patient-storage';
import { hydrateWhenSeen } from '../../../lib/hydrateWhenSeen';
import { LoadStatus } from '../../../ui/LoadStatus';
import { programmeProductCodes, type ProgrammeContent } from '../content';
import { inStock, useProgrammeChoice } from '../hooks/useProgrammeChoice';
import { useRecurringGift } from '../hooks/useRecurringGift';
import { FloatingCheckoutBar } from './FloatingCheckoutBar';
import { ProgrammeSummary } from './ProgrammeSummary';

/** The sticky checkout bar shows once a third of the page has gone by. */
const FLOATING_BAR_AFTER_PERCENT = 30;

// Below the programme choice, more than a phone's screen down: their code waits until the patient scrolls towards them.
const StockNotification = hydrateWhenSeen(() => import('./StockNotification').then((module) => module.StockNotification));
const SupplementOffer = hydrateWhenSeen(() => import('./SupplementOffer').then((module) => module.SupplementOffer));
const ProgrammeDetails = hydrateWhenSeen(() => import('./ProgrammeSections').then((module) => module.ProgrammeDetails));

const session = {
  read(key: string): string | null {
    try {
      return window.sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  remove(key: string): void {
    try {
      window.sessionStorage.removeItem(key);
    } catch {
      // Storage disabled: nothing was kept.
    }
  },
};

/**
 * Everything under the heading once the consultation allows a treatment: the programme choice and
 * checkout, then the plan, rating, experts, stories, FAQ, medical director and perks. Its own chunk,
 * fetched while the consultation and treatments load, so the heading paints without waiting for it.
 */
export function RecommendationsBody({ slug, content, quiz }: { slug: string; content: ProgrammeContent; quiz: QuizState }) {
  const codes = useMemo(() => [...new Set([...quiz.recommendations, ...content.alsoShow])], [quiz.recommendations, content.alsoShow]);
  const others = useMemo(() => codes.filter((code) => !content.catalogue.includes(code)), [codes, content.catalogue]);
  // The supplements offered beside the treatment come in the same request.
  const fetched = useMemo(() => programmeProductCodes(content), [content]);
  const known = useProductsByCodes(fetched, { limit: fetched.length });
  // A treatment outside the programme's usual list (a new product) is fetched on its own.
  const extra = useProductsByCodes(others, { limit: Math.max(others.length, 1), enabled: others.length > 0 });
  const failed = known.isError ? known : extra.isError ? extra : null;
  const loaded = known.data !== undefined && (others.length === 0 || extra.data !== undefined);
  // In the consultation's order, whatever order the catalogue answers in.
  const ordered = useMemo(() => {
    if (!loaded) return null;
    const all = [...(known.data ?? []), ...(others.length > 0 ? (extra.data ?? []) : [])];
    return codes.flatMap((code) => all.find((product) => product.code === code) ?? []);
  }, [loaded, known.data, extra.data, others.length, codes]);
  const supplements = useMemo(() => (known.data ?? []).filter((product) => content.supplements.includes(product.code)), [known.data, content.supplements]);
  const recommended = useMemo(() => (ordered ?? []).filter((product) => quiz.recommendations.includes(product.code)), [ordered, quiz.recommendations]);

  // Everything below the heading arrives at once, so nothing on screen is pushed down as it loads.
  if (!ordered) return failed ? <LoadStatus status="error" onRetry={() => void failed.refetch()} /> : <LoadStatus status="loading" />;
  return (
    <>
      <p className="recommendations__guarantee">
        {content.guarantee} <Link to={content.guaranteeLink}>Terms apply</Link>
      </p>
      <Programme slug={slug} content={content} quiz={quiz} products={ordered} />
      <SupplementOffer slug={slug} products={supplements} />
      <ProgrammeDetails content={content} products={recommended} ratingGroup={reviewGroupOf(quiz.recommendations[0] ?? '')} />
    </>
  );
}

/** Why checkout could not start, in the server's words, with the way forward when the consultation is missing. */
function checkoutError(error: Error | null, slug: string): ReactNode {
  if (!error) return null;
  const consultationMissing = isApiError(error) && (error.code === CART_ERROR.consultationRequired || error.code === 'NO_CONSULTATION');
  return (
    <>
      {error.message}{' '}
      {consultationMissing ? <Link to={`/n/${slug}/quiz/1`}>Go to your consultation</Link> : null}
    </>
  );
}

/** Each product with only the doses the consultation allows; products it does not limit are left whole. */
function withAllowedDoses(products: readonly Product[], allowed: Record<string, string[]>): Product[] {
  return products.map((product) => {
    const codes = allowed[product.code];
    return codes ? { ...product, variants: product.variants.filter((variant) => codes.includes(variant.code)) } : product;
  });
}

function Programme({ slug, content, quiz, products }: { slug: string; content: ProgrammeContent; quiz: QuizState; products: Product[] }) {
  const navigate = useNavigate();
  const checkout = useStartCheckout();
  const checkoutButton = useRef<HTMLButtonElement>(null);
  const recurringGift = useRecurringGift();
  // Only the doses the consultation allows can be chosen (the server refuses any other).
  const selectable = useMemo(() => withAllowedDoses(products, quiz.allowedVariants), [products, quiz.allowedVariants]);
  const { choice, chooseProduct, chooseVariant, chooseFrequency } = useProgrammeChoice(selectable, {
    product: quiz.preferredProduct,
    variant: quiz.preferredVariant,
  });
  const selectedPrice = choice.variant?.prices.find((price) => price.freq === choice.frequency);
  const outOfStock = products.filter((product) => !inStock(product));

  const startCheckout = () => {
    if (!choice.product || !choice.variant || choice.frequency === null) return;
    checkout.mutate(
      {
        questionnaireId: quiz.questionnaireId,
        productCode: choice.product.code,
        variantCode: choice.variant.code,
        frequency: choice.frequency,
        couponCode: session.read(QUIZ_COUPON_KEY),
      },
      {
        onSuccess: () => {
          // The quiz link's coupon now sits on the cart; it is kept until then, so a failed attempt loses nothing.
          session.remove(QUIZ_COUPON_KEY);
          navigate(`/n/${slug}/order`);
        },
      },
    );
  };

  // ?atc=true on the quiz link: straight to checkout with the preferred, or first, treatment in stock.
  const autoStarted = useRef(false);
  useEffect(() => {
    if (autoStarted.current) return;
    autoStarted.current = true;
    if (session.read(QUIZ_ADD_TO_CART_KEY) !== slug) return;
    session.remove(QUIZ_ADD_TO_CART_KEY);
    startCheckout();
    // Runs once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new choice clears the last attempt's error.
  const changed =
    <T,>(choose: (value: T) => void) =>
    (value: T) => {
      if (checkout.isError) checkout.reset();
      choose(value);
    };

  return (
    <>
      <ProgrammeSummary
        products={products}
        choice={choice}
        tagRecommended={slug === 'weight-loss'}
        showDosageTable={content.showDosageTable}
        allowedVariants={quiz.allowedVariants}
        recurringGift={recurringGift}
        onProduct={changed(chooseProduct)}
        onVariant={changed(chooseVariant)}
        onFrequency={changed<Frequency>(chooseFrequency)}
        onCheckout={startCheckout}
        checkingOut={checkout.isPending}
        error={checkoutError(checkout.error, slug)}
        checkoutButtonRef={checkoutButton}
      />
      {outOfStock.map((product) => (
        <StockNotification key={product.code} productCode={product.code} productName={product.name} />
      ))}
      {choice.product && selectedPrice && choice.frequency !== null ? (
        <FloatingCheckoutBar
          productName={choice.product.name}
          image={choice.product.images[0]?.sizes['1x'] ?? null}
          price={dividePence(effectivePrice(selectedPrice), monthsPerDelivery(choice.frequency))}
          originalPrice={selectedPrice.discountedPrice !== null ? dividePence(selectedPrice.price, monthsPerDelivery(choice.frequency)) : null}
          period={pricePeriodText(choice.frequency)}
          showAfterPercent={FLOATING_BAR_AFTER_PERCENT}
          onCheckout={startCheckout}
          disabled={false}
          loading={checkout.isPending}
          hideWhileVisible={checkoutButton}
          error={checkout.error?.message ?? null}
        />
      ) : null}
    </>
  );
}
