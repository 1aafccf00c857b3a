import { Link } from 'react-router';
import { CARE_EMAIL, CARE_HOURS } from '../../../lib/config';
import { Accordion, type AccordionItem } from '../../../ui/Accordion';


const RESOURCES = [
  { to: '/pages/guarantee', label: 'Our money-back guarantee' },
  { to: '/pages/terms-of-sale', label: 'Terms of sale' },
  { to: '/pages/privacy', label: 'How we look after your data' },
];

const FAQS: AccordionItem[] = [
  {
    id: 'review',
    title: 'When will a clinician review my order?',
    content: <p>Usually within 24 hours of your order and your verification photos arriving. We only take payment once a clinician approves your treatment.</p>,
  },
  {
    id: 'delivery',
    title: 'How long does delivery take?',
    content: <p>Orders approved before 15:45 on a working day are dispatched the same day and arrive within two working days, in plain packaging.</p>,
  },
  {
    id: 'change',
    title: 'Can I change my plan?',
    content: <p>Open your treatment above to move your next delivery or update your delivery address or payment method. To pause or cancel, email our care team.</p>,
  },
  {
    id: 'photos',
    title: 'Who sees my photos?',
    content: <p>Only the clinicians and pharmacists caring for you. Photos are stored encrypted and every time one is opened it is recorded.</p>,
  },
];

export function Resources() {
  return (
    <section className="account-card" aria-labelledby="resources-title">
      <h2 id="resources-title">Resources</h2>
      <ul className="account-links">
        {RESOURCES.map((resource) => (
          <li key={resource.to}>
            <Link to={resource.to}>{resource.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ContactCard() {
  return (
    <section className="account-card" aria-labelledby="contact-title">
      <h2 id="contact-title">Contact us</h2>
      <p>Our care team answers every message within one working day, {CARE_HOURS}.</p>
      <p>
        <Link to="/account/support">Send us a message</Link>
      </p>
      <p>
        <a href={`mailto:${CARE_EMAIL}`}>{CARE_EMAIL}</a>
      </p>
    </section>
  );
}

export function SupportCard() {
  return (
    <section className="account-card account-card--support" aria-labelledby="support-title">
      <h2 id="support-title">Feeling unwell?</h2>
      <p>
        If you have side effects that worry you, stop your treatment and speak to your GP or call NHS 111. In an emergency, call 999.
      </p>
    </section>
  );
}

export function Faqs() {
  return (
    <section className="account-card" aria-labelledby="faq-title">
      <h2 id="faq-title">Frequently asked questions</h2>
      <Accordion items={FAQS} />
    </section>
  );
}
