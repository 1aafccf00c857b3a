import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CART_ERROR, dividePence, effectivePrice, monthsPerDelivery, reviewGroupOf, type Frequency, type Product, type QuizState } from '@elmwood/domain';
import { useProductsByCodes } from '../../catalog';
import { useStartCheckout } from '../../cart';
import { ADD_TO_CART_KEY, COUPON_KEY, useQuizState } from '../../quiz';
import { isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { ButtonLink } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import { FloatingCheckoutBar } from '../components/FloatingCheckoutBar';
import { Experts, Faq, MedicalDirector, Perks, PlanOption, Rating, Testimonials } from '../components/ProgrammeSections';
import { ProgrammeSummary } from '../components/ProgrammeSummary';
import { StockNotification } from '../components/StockNotification';
import { PROGRAMMES, type ProgrammeContent } from '../content';
import { inStock, useProgrammeChoice } from '../hooks/useProgrammeChoice';
import '../recommendations.css';

/** The sticky checkout bar shows once a third of the page has gone by. */
const FLOATING_BAR_AFTER_PERCENT = 30;

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

/** /n/:slug/recommendations — what the consultation allows, chosen and sent to checkout. */
export function Component() {
  const { slug = '' } = useParams();
  const content = PROGRAMMES[slug];
  const state = useQuizState(content ? slug : undefined);
  useDocumentTitle(content?.heading ?? 'Recommendations');

  if (!content) {
    return (
      <div className="container page">
        <EmptyState headingLevel={1} title="We couldn't find that consultation" message="Please choose a consultation from our home page.">
          <Link to="/">Back to the home page</Link>
        </EmptyState>
      </div>
    );
  }
  if (state.isError) {
    return (
      <div className="container page">
        <LoadStatus status="error" onRetry={() => void state.refetch()} />
      </div>
    );
  }
  if (state.isPending) {
    return (
      <div className="container page">
        <LoadStatus status="loading" />
      </div>
    );
  }
  const quiz = state.data;
  if (!quiz || !quiz.flags.complete || quiz.rejection || quiz.recommendations.length === 0) {
    return (
      <div className="container page">
        <EmptyState
          headingLevel={1}
          title="Your consultation comes first"
          message={
            quiz?.rejection
              ? 'Based on your answers there is no treatment we can recommend. If you think you made an error, please review your answers.'
              : quiz
                ? 'Please finish the consultation so our clinicians can recommend a treatment.'
                : 'Our clinicians recommend a treatment once you have answered a short consultation. It takes about five minutes.'
          }
        >
          <ButtonLink to={`/n/${slug}/quiz/1`}>
            {quiz?.rejection ? 'Review your answers' : quiz ? 'Continue your consultation' : 'Start your consultation'}
          </ButtonLink>
        </EmptyState>
      </div>
    );
  }
  return <Recommendations slug={slug} content={content} quiz={quiz} />;
}

function Recommendations({ slug, content, quiz }: { slug: string; content: ProgrammeContent; quiz: QuizState }) {
  const codes = useMemo(() => [...new Set([...quiz.recommendations, ...content.alsoShow])], [quiz.recommendations, content.alsoShow]);
  const products = useProductsByCodes(codes, { limit: codes.length });
  // In the consultation's order, whatever order the catalogue answers in.
  const ordered = useMemo(
    () => (products.data ? [...products.data].filter((product) => codes.includes(product.code)).sort((a, b) => codes.indexOf(a.code) - codes.indexOf(b.code)) : null),
    [products.data, codes],
  );
  const recommended = useMemo(() => (ordered ?? []).filter((product) => quiz.recommendations.includes(product.code)), [ordered, quiz.recommendations]);

  return (
    <div className="recommendations container">
      <header className="recommendations__header">
        <h1>{content.heading}</h1>
        <p className="recommendations__guarantee">
          {content.guarantee} <Link to={content.guaranteeLink}>Terms apply</Link>
        </p>
      </header>
      {ordered ? (
        <Programme slug={slug} content={content} quiz={quiz} products={ordered} />
      ) : products.isError ? (
        <LoadStatus status="error" onRetry={() => void products.refetch()} />
      ) : (
        <LoadStatus status="loading" />
      )}
      <PlanOption content={content} products={recommended} />
      <Rating group={reviewGroupOf(quiz.recommendations[0] ?? '')} />
      <Experts />
      <Testimonials content={content} />
      <Faq content={content} />
      <MedicalDirector />
      <Perks content={content} />
    </div>
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

function Programme({ slug, content, quiz, products }: { slug: string; content: ProgrammeContent; quiz: QuizState; products: Product[] }) {
  const navigate = useNavigate();
  const checkout = useStartCheckout();
  const checkoutButton = useRef<HTMLButtonElement>(null);
  const { choice, chooseProduct, chooseVariant, chooseFrequency } = useProgrammeChoice(products, {
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
        couponCode: session.read(COUPON_KEY),
      },
      {
        onSuccess: () => {
          // The quiz link's coupon now sits on the cart; it is kept until then, so a failed attempt loses nothing.
          session.remove(COUPON_KEY);
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
    if (session.read(ADD_TO_CART_KEY) !== slug) return;
    session.remove(ADD_TO_CART_KEY);
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
