import { BRAND_NAME } from '../../../lib/config';
import type { StaticPage } from './types';

export const privacy: StaticPage = {
  title: 'Privacy policy',
  summary: 'What we collect about you, why, how long we keep it and your rights.',
  body: (
    <>
      <h2>Who we are</h2>
      <p>
        {BRAND_NAME} is the controller of the personal information described here. You can contact our data protection
        lead through the patient support team in your account.
      </p>

      <h2>Your health information is special-category data</h2>
      <p>
        Information about your health, such as your consultation answers, weight, medicines and photos, is
        special-category data under the UK GDPR and the Data Protection Act 2018. We use it only to assess, prescribe,
        dispense and support your treatment, on the basis that it is necessary for providing health care by or under the
        responsibility of a health professional, or with your explicit consent where we ask for it.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>Your name, email address, phone number, date of birth and delivery and billing addresses.</li>
        <li>
          Your consultation answers and health information: medical history, medicines, weight, height and BMI, photos
          and identity documents you upload, and your GP's details if you give them.
        </li>
        <li>
          Orders, subscriptions and payments. Card details are handled by our payment provider; we keep only the card
          type, last four digits and expiry date.
        </li>
        <li>Messages with our clinicians, pharmacists, coaches and support team, and reminders you set up.</li>
        <li>
          Technical information such as your device, browser and how you use the website. Cookies that are not needed
          for the website to work are used only with your consent.
        </li>
      </ul>

      <h2>Why we use it</h2>
      <ul>
        <li>To decide safely whether a treatment is right for you, prescribe it and dispense it.</li>
        <li>To check your identity and age, and to prevent medicine being obtained for someone else.</li>
        <li>To take payment, deliver your order and manage your subscription.</li>
        <li>To support your treatment, for example with weight tracking, reminders and coaching, when you choose them.</li>
        <li>To keep the clinical records the law requires, and to deal with questions and complaints.</li>
        <li>To send you marketing, only if you have agreed; you can stop it at any time.</li>
      </ul>

      <h2>Who we share it with</h2>
      <p>
        We share only what each needs: our clinicians and dispensing pharmacy; our delivery partner (your name and
        address only); our payment provider; your GP, when you agree or when a clinician believes it is needed for your
        safety; and companies that host and run our systems under contract. We share information with regulators or the
        police only where the law requires it. We never sell your information.
      </p>

      <h2>How long we keep it</h2>
      <p>
        We keep clinical and prescription records for as long as UK healthcare record-keeping rules require, which for
        adults is at least eight years after your last treatment. We keep order and payment records for six years for
        tax and accounting. Other account information is deleted or anonymised two years after your account was last
        used, unless you ask us to delete it sooner and we are not required to keep it.
      </p>

      <h2>Your rights</h2>
      <p>
        You can ask us for a copy of your information, to correct it, to delete it, to restrict or object to how we use
        it, and to move it to another provider. Where we rely on your consent, you can withdraw it at any time. Some
        rights are limited for clinical records we must keep by law; if so, we will explain.
      </p>
      <p>
        If you are unhappy with how we have handled your information, please tell us first. You can also complain to
        the Information Commissioner's Office (ICO) at ico.org.uk or on 0303 123 1113.
      </p>

      <h2>Keeping it safe</h2>
      <p>
        Your information is encrypted in transit, access is limited to the people who need it for your care, and we
        keep our data in the United Kingdom or in countries with equivalent protection.
      </p>
    </>
  ),
};
