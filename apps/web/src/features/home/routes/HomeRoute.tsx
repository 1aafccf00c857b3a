import { useId } from 'react';
import { Link } from 'react-router';
import { BRAND_NAME } from '../../../lib/config';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { ButtonLink } from '../../../ui/Button';
import { HeroArt } from '../components/HeroArt';
import { TreatmentList } from '../components/TreatmentList';
import '../home.css';

const CONSULTATIONS = [
  {
    slug: 'weight-loss',
    title: 'Weight loss',
    text: 'Weekly injections such as Wegovy and Mounjaro, prescribed when they are safe for you, with support along the way.',
    link: 'Start your weight loss consultation',
    icon: 'M12 3c4 3 6 6 6 9a6 6 0 0 1-12 0c0-3 2-6 6-9z',
  },
  {
    slug: 'erectile-dysfunction',
    title: 'Erectile dysfunction',
    text: 'Sildenafil and tadalafil tablets, prescribed discreetly after a short, private consultation.',
    link: 'Start your erectile dysfunction consultation',
    icon: 'M5 12a7 7 0 1 0 14 0 7 7 0 1 0-14 0M12 8v8M8 12h8',
  },
  {
    slug: 'hair-loss',
    title: 'Hair loss',
    text: 'Finasteride, minoxidil and care for your scalp to slow hair loss and help regrowth.',
    link: 'Start your hair loss consultation',
    icon: 'M4 18c2-8 6-12 8-12s6 4 8 12M8 17c1-4 2-6 4-7M16 17c-1-4-2-6-4-7',
  },
] as const;

const STEPS = [
  { title: 'Answer a few questions', text: 'Tell us about your health in a short online consultation. It takes about five minutes.' },
  {
    title: 'A UK clinician reviews it',
    text: 'We aim to review within 24 hours. We only take payment once a clinician approves your treatment.',
  },
  { title: 'Delivered to your door', text: 'Your treatment arrives in plain packaging within two working days of approval.' },
] as const;

export function Component() {
  useDocumentTitle('Online clinic for weight loss, ED and hair loss');
  const consultationsId = useId();
  const trustId = useId();
  const stepsId = useId();
  const treatmentsId = useId();

  return (
    <div className="home">
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="hero__eyebrow">{BRAND_NAME} · UK online clinic</p>
            <h1 className="hero__title">Clinician-led treatment, calmly delivered</h1>
            <p className="hero__lead">
              Weight loss, erectile dysfunction and hair-loss treatment from UK clinicians. Answer a short consultation;
              if a treatment is right for you, it arrives discreetly at your door.
            </p>
            <div className="hero__actions">
              <ButtonLink to="/n/weight-loss/quiz/1" size="lg">
                Start your weight loss consultation
              </ButtonLink>
              <a className="hero__secondary" href="#treatments">
                See our treatments
              </a>
            </div>
          </div>
          <HeroArt />
        </div>
      </section>

      <section className="container home__section" aria-labelledby={consultationsId}>
        <h2 id={consultationsId}>What can we help with?</h2>
        <ul className="consult-cards">
          {CONSULTATIONS.map((item) => (
            <li key={item.slug} className="consult-card">
              <svg className="consult-card__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={item.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <h3 className="consult-card__title">{item.title}</h3>
              <p className="consult-card__text">{item.text}</p>
              <Link to={`/n/${item.slug}/quiz/1`} className="consult-card__link">
                {item.link}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="home__band" aria-labelledby={trustId}>
        <div className="container">
          <h2 id={trustId}>Care you can trust</h2>
          <ul className="trust">
            <li className="trust__item">
              <h3>Free, discreet delivery</h3>
              <p>Every order ships free in plain packaging, within two working days of approval.</p>
            </li>
            <li className="trust__item">
              <h3>UK clinicians review every order</h3>
              <p>A qualified UK clinician checks each consultation before anything is prescribed or paid for.</p>
            </li>
            <li className="trust__item">
              <h3>180-day money-back guarantee</h3>
              <p>
                Follow your programme for 180 days; if you are not satisfied, we will refund you.{' '}
                <Link to="/pages/guarantee">Read the guarantee terms</Link>
              </p>
            </li>
          </ul>
        </div>
      </section>

      <section className="container home__section" aria-labelledby={stepsId}>
        <h2 id={stepsId}>How it works</h2>
        <ol className="steps">
          {STEPS.map((step) => (
            <li key={step.title} className="steps__item">
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="container home__section" aria-labelledby={treatmentsId} id="treatments" tabIndex={-1}>
        <h2 id={treatmentsId}>Our treatments</h2>
        <p className="muted home__section-intro">
          Prescription treatments need a consultation first: a clinician decides whether they are right for you.
        </p>
        <TreatmentList headingId={treatmentsId} />
      </section>
    </div>
  );
}
