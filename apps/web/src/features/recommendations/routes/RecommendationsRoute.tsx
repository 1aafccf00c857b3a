import { useEffect, useMemo, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { dividePence, effectivePrice, monthsPerDelivery, type Product, type QuizState } from '@elmwood/domain';
import { useProductsByCodes } from '../../catalog';
import { useStartCheckout } from '../../cart';
import { ADD_TO_CART_KEY, COUPON_KEY, useQuizState } from '../../quiz';
import { isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { ButtonLink } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import { FloatingCheckoutBar } from '../components/FloatingCheckoutBar';
import { Experts, Faq, HowItWorks, MedicalDirector, Rating, Testimonials } from '../components/ProgrammeSections';
import { ProgrammeSummary } from '../components/ProgrammeSummary';
import { StockNotification } from '../components/StockNotification';
import { PROGRAMMES, type ProgrammeContent } from '../content';
import { inStock, useProgrammeChoice } from '../hooks/useProgrammeChoice';
import '../recommendations.css';

const FLOATING_BAR_AFTER_PERCENT = 30;

function takeSession(key: string): string | null {
  try {
    const value = window.sessionStorage.getItem(key);
    window.sessionStorage.removeItem(key);
    return value;
  } catch {
    return null;
  }
}

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
  if (state.isError && !(isApiError(state.error) && state.error.isNotFound)) {
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
              ? 'Based on your answers there is no treatment we can recommend.'
              : 'Please answer the consultation so our clinicians can recommend a treatment.'
          }
        >
          <ButtonLink to={`/n/${slug}/quiz/1`}>{quiz ? 'Review your answers' : 'Start your consultation'}</ButtonLink>
        </EmptyState>
      </div>
    );
  }
  return <Recommendations slug={slug} content={content} quiz={quiz} />;
}

function Recommendations({ slug, content, quiz }: { slug: string; content: ProgrammeContent; quiz: QuizState }) {
  const codes = useMemo(() => [...quiz.recommendations, ...content.alsoShow], [quiz.recommendations, content.alsoShow]);
  const products = useProductsByCodes(codes, { limit: codes.length });
  return (
    <div className="recommendations container">
      <header className="recommendations__header">
        <h1>{content.heading}</h1>
        <p className="recommendations__guarantee">
          Not for you? Our 180-day money-back guarantee has you covered. <Link to={content.guaranteeLink}>Terms apply</Link>
        </p>
      </header>
      {products.data ? (
        <Programme slug={slug} quiz={quiz} products={products.data} />
      ) : products.isError ? (
        <LoadStatus status="error" onRetry={() => void products.refetch()} />
      ) : (
        <LoadStatus status="loading" />
      )}
      <HowItWorks content={content} products={products.data ?? []} />
      <Rating group={content.reviewGroup} />
      <Experts />
      <Testimonials content={content} />
      <Faq content={content} />
      <MedicalDirector />
      <section className="rec-section rec-perks" aria-label="Included with every plan">
        <p>Free delivery in plain packaging.</p>
        {content.showAppClaim ? <p>Patients who use our app lose 22% more weight.</p> : null}
      </section>
    </div>
  );
}

function Programme({ slug, quiz, products }: { slug: string; quiz: QuizState; products: Product[] }) {
  const navigate = useNavigate();
  const checkout = useStartCheckout();
  const checkoutButton = useRef<HTMLButtonElement>(null);
  const { choice, chooseProduct, chooseVariant, chooseFrequency } = useProgrammeChoice(products, {
    product: quiz.preferredProduct,
    variant: quiz.preferredVariant,
  });
  const variant = choice.product?.variants.find((candidate) => candidate.code === choice.variantCode);
  const selectedPrice = variant?.prices.find((price) => price.freq === choice.frequency);
  const outOfStock = products.filter((product) => !inStock(product));

  const startCheckout = () => {
    if (!choice.product || !choice.variantCode) return;
    checkout.mutate(
      {
        questionnaireId: quiz.questionnaireId,
        productCode: choice.product.code,
        variantCode: choice.variantCode,
        frequency: choice.frequency,
        couponCode: takeSession(COUPON_KEY),
      },
      { onSuccess: () => navigate(`/n/${slug}/order`) },
    );
  };

  // ?atc=true on the quiz link: straight to checkout with the recommended treatment.
  const autoStarted = useRef(false);
  useEffect(() => {
    if (autoStarted.current) return;
    autoStarted.current = true;
    if (takeSession(ADD_TO_CART_KEY) === slug) startCheckout();
    // Runs once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <ProgrammeSummary
        products={products}
        choice={choice}
        tagRecommended={slug === 'weight-loss'}
        onProduct={chooseProduct}
        onVariant={chooseVariant}
        onFrequency={chooseFrequency}
        onCheckout={startCheckout}
        checkingOut={checkout.isPending}
        error={checkout.isError ? checkout.error.message : null}
        checkoutButtonRef={checkoutButton}
      />
      {outOfStock.map((product) => (
        <StockNotification key={product.code} productCode={product.code} productName={product.name} />
      ))}
      {choice.product && selectedPrice ? (
        <FloatingCheckoutBar
          productName={choice.product.name}
          image={choice.product.images[0]?.sizes['1x'] ?? null}
          price={dividePence(effectivePrice(selectedPrice), monthsPerDelivery(choice.frequency))}
          originalPrice={selectedPrice.discountedPrice !== null ? dividePence(selectedPrice.price, monthsPerDelivery(choice.frequency)) : null}
          showAfterPercent={FLOATING_BAR_AFTER_PERCENT}
          onCheckout={startCheckout}
          disabled={!choice.variantCode}
          loading={checkout.isPending}
          hideWhileVisible={checkoutButton}
        />
      ) : null}
    </>
  );
}
