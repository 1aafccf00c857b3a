import type { ReactNode } from 'react';
import { CARRIER_NAMES, checkInPatientMessages, DATA_EXPORT_READY_EMAIL_TEXT, contactByText, formatCallTime, formatLongDate, formatPrice, INJECTION_NUDGE, orderPagePath, SIDE_EFFECT_TRIAGE_RULES, urgentContactLine, VIDEO_CONSULTATION_MINUTES, YELLOW_CARD, type Carrier } from '@elmwood/domain';
import type { NotificationRequest, NotificationTemplate } from '../../../contracts/notifier';
import { Action, Bullets, Divider, Link, P, Subtitle, Title } from './layout';

/** What a message needs beyond its request's data, read when it is sent. */
export interface MessageContext {
  brandName: string;
  firstName: string;
  /** An absolute link into the shop. */
  url(path: string): string;
  /** The order the message is about, when it names one. */
  order?: {
    number: string;
    items: { name: string; frequency: number; total: number }[];
    discount: number;
    shipping: number;
    total: number;
  } | null;
  /** The critical tasks still open on that order, each with the page that completes it. */
  openCriticalTasks?: { name: string; url: string }[];
}

export interface Composed {
  subject: string;
  preview: string;
  body: ReactNode;
  /** The same message for SMS and WhatsApp: short, one link. */
  short: string;
}

const FREQUENCY: Record<number, string> = { 1: 'one-off', 30: 'every month', 60: 'every 2 months', 90: 'every 3 months' };
const orderHistory = (context: MessageContext) => context.url('/account/order-history');

type Of<T extends NotificationTemplate> = Extract<NotificationRequest, { template: T }>['data'];
type Composers = { [T in NotificationTemplate]: (data: Of<T>, context: MessageContext) => Composed };

function TaskList({ tasks }: { tasks: { name: string; url: string }[] }) {
  return (
    <Bullets
      items={tasks.map((task) => (
        <Link key={task.url} href={task.url}>
          {task.name}
        </Link>
      ))}
    />
  );
}

/** The MHRA Yellow Card scheme, under every email about side effects. */
function YellowCard() {
  return (
    <P>
      {YELLOW_CARD.before}
      <Link href={YELLOW_CARD.url}>{YELLOW_CARD.linkText}</Link>
      {YELLOW_CARD.after}
    </P>
  );
}

const composers: Composers = {
  'order-placed': ({ orderNumber }, context) => {
    const order = context.order;
    const tasks = context.openCriticalTasks ?? [];
    return {
      subject: `Your ${context.brandName} order ${orderNumber}`,
      preview: tasks.length > 0 ? 'Thank you for your order: one more step before a clinician can review it.' : 'Thank you for your order: a clinician reviews it next.',
      body: (
        <>
          <Title>Thank you for your order {orderNumber}</Title>
          {tasks.length > 0 ? (
            <>
              <Subtitle>Tasks to do</Subtitle>
              <P>Our clinician can only review your order once you have done {tasks.length === 1 ? 'this task' : `these ${tasks.length} tasks`}:</P>
              <TaskList tasks={tasks} />
            </>
          ) : null}
          {order ? (
            <>
              <Bullets items={order.items.map((item) => `${item.name} (${FREQUENCY[item.frequency] ?? 'one-off'}): ${formatPrice(item.total)}`)} />
              {order.discount > 0 ? <P>Discount: -{formatPrice(order.discount)}</P> : null}
              <P>
                Delivery: {order.shipping === 0 ? 'Free' : formatPrice(order.shipping)}
                <br />
                <strong>Total: {formatPrice(order.total)}</strong>
              </P>
            </>
          ) : null}
          <Subtitle>What happens next</Subtitle>
          <Bullets
            items={[
              'A UK-registered clinician reviews your consultation and order, usually within 24 hours.',
              'Your card has only been authorised: you are billed once the clinician approves your treatment. If it is not approved, the authorisation is released and you pay nothing.',
              'Once approved, your order is dispatched and delivered within 2 working days.',
            ]}
          />
          <Divider />
          <Action href={orderHistory(context)}>Follow your order</Action>
        </>
      ),
      short: `${context.brandName}: thank you for your order ${orderNumber}.${tasks.length > 0 ? ` Please finish your tasks: ${context.url('/account/health-actions')}` : ''}`,
    };
  },
  'critical-tasks-open': ({ orderNumber }, context) => {
    const tasks = context.openCriticalTasks ?? [];
    return {
      subject: `One more step for your order ${orderNumber}`,
      preview: 'Your clinician is waiting for a task before they can review your order.',
      body: (
        <>
          <Title>Your order is waiting for you</Title>
          <P>Our clinician cannot review your order {orderNumber} until you have done {tasks.length === 1 ? 'this task' : 'these tasks'}:</P>
          <TaskList tasks={tasks} />
          <P>It only takes a few minutes. Nothing has been charged yet.</P>
          <Action href={context.url('/account/health-actions')}>See your tasks</Action>
        </>
      ),
      short: `${context.brandName}: your order ${orderNumber} is waiting for a task. ${context.url('/account/health-actions')}`,
    };
  },
  'order-approved': ({ orderNumber, prescriber, dose }, context) => ({
    subject: `Your treatment has been approved (order ${orderNumber})`,
    preview: dose ? `Our prescriber has approved ${dose.productName} ${dose.approvedDosage}.` : 'Our prescriber has approved your treatment.',
    body: (
      <>
        <Title>Your treatment has been approved</Title>
        <P>Good news: our prescriber has approved your treatment. We will let you know as soon as it is on its way.</P>
        {dose ? (
          <>
            <P>
              Our prescriber has approved {dose.productName} {dose.approvedDosage} rather than the {dose.askedDosage} you asked for. Their reason: {dose.rationale}
            </P>
            <P>You are charged for the {dose.approvedDosage} dose we are sending, not the dose you asked for.</P>
          </>
        ) : null}
        {prescriber ? <P>Approved by {prescriber.name}{prescriber.registration ? ` (${prescriber.registration})` : ''}.</P> : null}
        <Action href={orderHistory(context)}>See your order</Action>
      </>
    ),
    short: `${context.brandName}: your treatment (order ${orderNumber}) has been approved.`,
  }),
  'order-rejected': ({ orderNumber, reason }, context) => ({
    subject: `About your order (order ${orderNumber})`,
    preview: 'Our prescriber could not approve this order.',
    body: (
      <>
        <Title>About your order</Title>
        <P>Our prescriber has reviewed your consultation and could not approve this order.</P>
        <P>Reason: {reason}</P>
        <P>The amount held on your card has been released: you have not been charged.</P>
        <Action href={orderHistory(context)}>See your order</Action>
      </>
    ),
    short: `${context.brandName}: about your order ${orderNumber}. Please check your email.`,
  }),
  'order-cancelled': ({ orderNumber }, context) => ({
    subject: `Your order has been cancelled (order ${orderNumber})`,
    preview: 'We have cancelled this order. You have not been charged.',
    body: (
      <>
        <Title>Your order has been cancelled</Title>
        <P>We have cancelled your order {orderNumber}, so nothing will be sent.</P>
        <P>You have not been charged for it: any amount held on your card has been released.</P>
        <Action href={orderHistory(context)}>See your order</Action>
      </>
    ),
    short: `${context.brandName}: your order ${orderNumber} has been cancelled. You have not been charged.`,
  }),
  'order-dispatched': ({ orderNumber, carrier, trackingUrl }, context) => {
    const carrierName = CARRIER_NAMES[carrier as Carrier] ?? carrier;
    return {
      subject: `Your treatment is on its way (order ${orderNumber})`,
      preview: `Dispatched with ${carrierName}.`,
      body: (
        <>
          <Title>Your treatment is on its way</Title>
          <P>Your order has been dispatched with {carrierName}.</P>
          <Action href={trackingUrl}>Track your parcel</Action>
          <P>
            Or open this link: <Link href={trackingUrl}>{trackingUrl}</Link>
          </P>
        </>
      ),
      short: `${context.brandName}: your order ${orderNumber} is on its way with ${carrierName}. Track it: ${trackingUrl}`,
    };
  },
  'information-requested': ({ orderNumber }, context) => ({
    subject: `Our prescriber has a question (order ${orderNumber})`,
    preview: 'Before our prescriber can decide, they need a little more information.',
    body: (
      <>
        <Title>Our prescriber has a question</Title>
        <P>Before our prescriber can decide on your treatment, they need a little more information from you.</P>
        <P>Please answer in your account; your order goes back to the prescriber as soon as you do.</P>
        <Action href={context.url('/account/health-actions')}>Answer the question</Action>
      </>
    ),
    short: `${context.brandName}: our prescriber has a question about your order ${orderNumber}. ${context.url('/account/health-actions')}`,
  }),
  'order-message': ({ orderNumber }, context) => ({
    subject: `A message from your prescriber (order ${orderNumber})`,
    preview: 'Your prescriber has written to you about your order.',
    body: (
      <>
        <Title>A message from your prescriber</Title>
        <P>Your prescriber has written to you about order {orderNumber}. You can read it, and reply, on your order page.</P>
        <Action href={context.url(orderPagePath(orderNumber))}>Read the message</Action>
      </>
    ),
    short: `${context.brandName}: your prescriber has written to you about order ${orderNumber}. ${context.url(orderPagePath(orderNumber))}`,
  }),
  'renewal-coming': ({ subscriptionId, chargeDate, amount }, context) => {
    // A renewal the patient's referral credit pays in full takes no card payment: say so rather than 'charge £0.00'.
    const payment = amount > 0 ? `We will charge ${formatPrice(amount)} to your saved card on ${formatLongDate(chargeDate)}` : `Your referral credit covers it, so nothing will be charged to your card on ${formatLongDate(chargeDate)}`;
    return {
      subject: `Your next ${context.brandName} delivery is coming up`,
      preview: amount > 0 ? `We will charge ${formatPrice(amount)} on ${formatLongDate(chargeDate)}.` : 'Your referral credit covers it.',
      body: (
        <>
          <Title>Your next delivery is coming up</Title>
          <P>{payment}, and we will send your next delivery.</P>
          <P>You can pause, skip or change your plan in your account before then.</P>
          <Action href={context.url(`/account/plan/${subscriptionId}`)}>Manage your plan</Action>
        </>
      ),
      short: `${context.brandName}: ${amount > 0 ? `we will charge ${formatPrice(amount)} on ${formatLongDate(chargeDate)}` : 'your referral credit covers'} your next delivery. Manage your plan: ${context.url(`/account/plan/${subscriptionId}`)}`,
    };
  },
  'price-change': ({ subscriptionId, product, oldPrice, newPrice, appliesFrom, chargeDate }, context) => {
    const rise = newPrice > oldPrice;
    const change = `The price of ${product} is ${rise ? 'going up' : 'going down'} from ${formatPrice(oldPrice)} to ${formatPrice(newPrice)} for each delivery.`;
    const when = `The new price applies from your delivery on ${formatLongDate(appliesFrom)}, charged on ${formatLongDate(chargeDate)}. Until then you pay what you pay now.`;
    return {
      subject: rise ? `The price of your treatment is changing` : 'Good news: the price of your treatment is going down',
      preview: change,
      body: (
        <>
          <Title>{rise ? 'The price of your treatment is changing' : 'The price of your treatment is going down'}</Title>
          <P>{change}</P>
          <P>{when}</P>
          {rise ? <P>If you would rather not go on at the new price, you can change your dose, pause or cancel your plan in your account before then.</P> : null}
          <Action href={context.url(`/account/plan/${subscriptionId}`)}>See your plan</Action>
        </>
      ),
      short: `${context.brandName}: ${change} From your delivery on ${formatLongDate(appliesFrom)}. ${context.url(`/account/plan/${subscriptionId}`)}`,
    };
  },
  'payment-failed': ({ orderNumber, nextAttemptDate }, context) => ({
    subject: 'We could not take your payment',
    preview: 'Please update your payment details.',
    body: (
      <>
        <Title>We could not take your payment</Title>
        <P>
          Your bank declined the payment{orderNumber ? ` for order ${orderNumber}` : ' for your plan'}. Nothing has been charged.
          {nextAttemptDate ? ` We will try again on ${formatLongDate(nextAttemptDate)}.` : ''}
        </P>
        <P>Please check or update your payment details so your treatment is not interrupted.</P>
        <Action href={context.url('/account/details/change/billing-method')}>Update your payment details</Action>
      </>
    ),
    short: `${context.brandName}: we could not take your payment. Please update your card: ${context.url('/account/details/change/billing-method')}`,
  }),
  'plan-suspended': ({ reason, subscriptionId }, context) => {
    if (reason === 'cancelled') {
      const plan = context.url(`/account/plan/${encodeURIComponent(subscriptionId)}`);
      return {
        subject: 'Your plan is on hold',
        preview: 'Your renewal order was cancelled, so your plan is on hold.',
        body: (
          <>
            <Title>Your plan is on hold</Title>
            <P>Your renewal order was cancelled, so your plan is on hold. Nothing has been charged and nothing will be sent.</P>
            <P>When you are ready to carry on with your treatment, you can restart your plan from your account.</P>
            <Action href={plan}>Manage your plan</Action>
          </>
        ),
        short: `${context.brandName}: your renewal order was cancelled, so your plan is on hold. Nothing has been charged. ${plan}`,
      };
    }
    return reason === 'clinician'
      ? {
          subject: 'Your plan is on hold',
          preview: 'Our prescriber did not approve your next supply.',
          body: (
            <>
              <Title>Your plan is on hold</Title>
              <P>Our prescriber did not approve your next supply, so your plan is on hold. Nothing has been charged and nothing will be sent.</P>
              <P>You will find the prescriber's reason with your order. If you have questions about your treatment, please contact us or talk to your GP.</P>
              <Action href={context.url('/account/order-history')}>See your orders</Action>
            </>
          ),
          short: `${context.brandName}: our prescriber did not approve your next supply, so your plan is on hold. Nothing has been charged. ${context.url('/account/order-history')}`,
        }
      : {
          subject: 'Your plan is on hold',
          preview: 'We could not take payment, so your plan is on hold.',
          body: (
            <>
              <Title>Your plan is on hold</Title>
              <P>We could not take payment for your plan after several tries, so we have put it on hold and will not send your next delivery.</P>
              <P>Update your payment details to start it again.</P>
              <Action href={context.url('/account/details/change/billing-method')}>Update your payment details</Action>
            </>
          ),
          short: `${context.brandName}: your plan is on hold because we could not take payment. ${context.url('/account/details/change/billing-method')}`,
        };
  },
  'plan-changed': ({ subscriptionId, change, nextDeliveryDate }, context) => {
    const what = {
      paused: 'Your plan is paused.',
      resumed: 'Your plan is running again.',
      skipped: 'Your next delivery has been skipped.',
      cancelled: 'Your plan has been cancelled. You will not be charged again.',
      dose_changed: 'Your dose has been changed.',
    }[change];
    const next = nextDeliveryDate && change !== 'cancelled' ? ` Your next delivery is on ${formatLongDate(nextDeliveryDate)}.` : '';
    return {
      subject: 'Your plan has changed',
      preview: what,
      body: (
        <>
          <Title>Your plan has changed</Title>
          <P>
            {what}
            {next}
          </P>
          <P>If you did not make this change, please contact us straight away.</P>
          <Action href={context.url(`/account/plan/${subscriptionId}`)}>See your plan</Action>
        </>
      ),
      short: `${context.brandName}: ${what}${next}`,
    };
  },
  'check-in-outcome': ({ ruleIds, supplyStopped, contactBy }, context) => {
    const title = supplyStopped ? 'We have paused your next delivery' : 'About your check-in';
    return {
      subject: supplyStopped ? 'Important: we have paused your next delivery' : 'Important: about your check-in',
      preview: supplyStopped ? 'Your check-in answers mean we will not send your next delivery. Please read this now.' : contactBy ? `One of our prescribers will phone you by ${contactByText(new Date(contactBy))}. Please read this now.` : 'Please read this now.',
      body: (
        <>
          <Title>{title}</Title>
          {checkInPatientMessages(ruleIds).map((message) => (
            <P key={message}>{message}</P>
          ))}
          {contactBy ? <P>{urgentContactLine(new Date(contactBy))}</P> : null}
          <YellowCard />
          <Action href={context.url('/account/home')}>See your plan</Action>
        </>
      ),
      // Health advice stays out of texts (a phone's lock screen shows them): the text points to the email.
      short: `${context.brandName}: important advice about your check-in${supplyStopped ? ' and your next delivery' : ''}. Please read our email or sign in: ${context.url('/account/home')}`,
    };
  },
  'side-effect-reported': ({ contactBy }, context) => ({
    subject: 'We have your side effect report',
    preview: contactBy ? 'A prescriber will contact you about it. Please read this now.' : 'Our clinical team will reply in your messages.',
    body: (
      <>
        <Title>Thank you for telling us</Title>
        {contactBy ? (
          <P>{urgentContactLine(new Date(contactBy))}</P>
        ) : (
          <P>Our clinical team will read your report and reply in your messages, usually within one working day.</P>
        )}
        <P>If you feel very unwell, contact your GP or NHS 111 now. In an emergency, call 999.</P>
        <YellowCard />
        <Action href={context.url('/account/support')}>See your messages</Action>
      </>
    ),
    // Health advice stays out of texts (a phone's lock screen shows them): the text points to the email.
    short: `${context.brandName}: we have your side effect report. Please read our email or sign in: ${context.url('/account/support')}`,
  }),
  'injection-reminder': (_data, context) => ({
    subject: 'Time for your weekly dose',
    preview: 'Log it in your account and we will suggest where to inject next time.',
    body: (
      <>
        <Title>Time for your weekly dose</Title>
        <P>It is your injection day. Your account shows where to inject this week: a different site each week helps your skin.</P>
        <P>Once you have taken it, log it so your pen count and your next site stay right.</P>
        <Action href={context.url('/account/injections')}>Log your dose</Action>
      </>
    ),
    short: `${context.brandName}: time for your weekly dose. Log it here: ${context.url('/account/injections')}`,
  }),
  'injection-nudge': (_data, context) => ({
    subject: 'Did you take your weekly dose?',
    preview: 'If you took it, log it. If you missed it, here is what to do.',
    body: (
      <>
        <Title>Did you take your weekly dose?</Title>
        <P>We have not seen a dose in your log since your injection day. If you took it, please log it.</P>
        <P>
          If you missed it and it is no more than {INJECTION_NUDGE.lateDoseDays} days since your usual day, take it now and carry on as usual. If it is longer, skip it and take
          your next dose on your usual day. Never take two doses to make up for a missed one.
        </P>
        <Action href={context.url('/account/injections')}>Log your dose</Action>
      </>
    ),
    short: `${context.brandName}: did you take your weekly dose? Log it or mark it missed: ${context.url('/account/injections')}`,
  }),
  'side-effect-logged': ({ ruleIds, contactBy }, context) => {
    const rules = SIDE_EFFECT_TRIAGE_RULES.filter((rule) => ruleIds.includes(rule.id));
    const urgent = rules.some((rule) => rule.level === 'urgent');
    return {
      subject: urgent ? 'Important: about the side effect you logged' : 'A prescriber will review your side-effect diary',
      preview: urgent ? 'Please read what to do now.' : `A prescriber will be in touch by ${contactByText(new Date(contactBy))}.`,
      body: (
        <>
          <Title>{urgent ? 'What to do now' : 'We have asked a prescriber to review your diary'}</Title>
          {rules.map((rule) => (
            <P key={rule.id}>{rule.instruction}</P>
          ))}
          <P>{urgentContactLine(new Date(contactBy))}</P>
          <YellowCard />
          <Action href={context.url('/account/treatment')}>See your diary</Action>
        </>
      ),
      // Health advice stays out of texts (a phone's lock screen shows them): the text points to the email.
      short: `${context.brandName}: important advice about the side effect you logged. Please read our email or sign in: ${context.url('/account/treatment')}`,
    };
  },
  'password-changed': (_data, context) => ({
    subject: `Your ${context.brandName} password has been changed`,
    preview: 'Your password has been changed.',
    body: (
      <>
        <Title>Your password has been changed</Title>
        <P>The password of your {context.brandName} account has just been changed.</P>
        <P>If this was not you, please reset your password now and contact us.</P>
        <Action href={context.url('/forgot-password')}>Reset your password</Action>
      </>
    ),
    short: `${context.brandName}: your password has been changed. Not you? ${context.url('/forgot-password')}`,
  }),
  'data-export-ready': ({ expiresAt }, context) => ({
    subject: `Your ${context.brandName} data is ready to download`,
    preview: 'The copy of your data you asked for is ready.',
    body: (
      <>
        <Title>Your data is ready to download</Title>
        <P>The copy of your data you asked for is ready. Sign in to your account to download it, on your details page.</P>
        <P>{DATA_EXPORT_READY_EMAIL_TEXT(expiresAt)}</P>
        <Action href={context.url('/account/details#download-my-data')}>Download your data</Action>
        <P>If you did not ask for this, please contact us.</P>
      </>
    ),
    short: `${context.brandName}: the copy of your data you asked for is ready. Sign in to download it: ${context.url('/account/details#download-my-data')}`,
  }),
  'account-deleted': ({ removed, kept }, context) => ({
    subject: `Your ${context.brandName} account has been deleted`,
    preview: 'We have deleted your account, as you asked.',
    body: (
      <>
        <Title>Your account has been deleted</Title>
        <P>We have deleted your {context.brandName} account, as you asked. You can no longer sign in.</P>
        <P>{removed}</P>
        {kept.split('\n\n').map((paragraph) => (
          <P key={paragraph}>{paragraph}</P>
        ))}
        <P>If you did not ask for this, please reply to this email.</P>
      </>
    ),
    short: `${context.brandName}: your account has been deleted, as you asked.`,
  }),
  'password-reset': ({ token, minutes }, context) => {
    const url = context.url(`/forgot-password?token=${encodeURIComponent(token)}`);
    return {
      subject: `Reset your ${context.brandName} password`,
      preview: 'Choose a new password.',
      body: (
        <>
          <P>Someone asked to reset the password of your {context.brandName} account. To choose a new password, use this link within {minutes} minutes:</P>
          <Action href={url}>Choose a new password</Action>
          <P>
            Or open this link: <Link href={url}>{url}</Link>
          </P>
          <P>The link works once. If you did not ask for this, you can ignore this email: your password stays as it is.</P>
        </>
      ),
      short: `${context.brandName}: reset your password: ${url}`,
    };
  },
  'signup-attempt': (_data, context) => ({
    subject: `Someone tried to sign up to ${context.brandName} with your email`,
    preview: 'Your email address already has an account.',
    body: (
      <>
        <P>Someone tried to open a new {context.brandName} account with this email address, which already has one.</P>
        <P>
          If it was you, you can <Link href={context.url('/login')}>log in</Link>, or <Link href={context.url('/forgot-password')}>choose a new password</Link> if you have
          forgotten it.
        </P>
        <P>If it was not you, you can ignore this email: nothing has changed on your account.</P>
      </>
    ),
    short: `${context.brandName}: someone tried to sign up with your email. ${context.url('/login')}`,
  }),
  'signup-code': ({ code, minutes }, context) => ({
    subject: `Your ${context.brandName} code: ${code}`,
    preview: `Enter ${code} to open your account.`,
    body: (
      <>
        <P>To open your {context.brandName} account, enter this code on the page where you signed up:</P>
        <Title>{code}</Title>
        <P>The code works for {minutes} minutes. If you did not ask for an account, you can ignore this email: nothing is opened without the code.</P>
      </>
    ),
    short: `${context.brandName}: your code is ${code}. It works for ${minutes} minutes.`,
  }),
  'payment-needed': ({ orderNumber, amount }, context) => ({
    subject: `Please pay again for your approved treatment (order ${orderNumber})`,
    preview: 'We could not take the payment for your approved treatment.',
    body: (
      <>
        <Title>Please pay again for your approved treatment</Title>
        <P>Our prescriber has approved your treatment, but we could not take the payment of {formatPrice(amount)}: the hold on your card has expired or your bank declined it.</P>
        <P>Nothing has been charged. Please update your payment details in your account so we can send your treatment.</P>
        <Action href={context.url('/account/details/change/billing-method')}>Update your payment details</Action>
      </>
    ),
    short: `${context.brandName}: please update your payment details for order ${orderNumber}. ${context.url('/account/details/change/billing-method')}`,
  }),
  'order-refunded': ({ orderNumber, amount }, context) => ({
    subject: `We have refunded you (order ${orderNumber})`,
    preview: `We have refunded ${formatPrice(amount)}.`,
    body: (
      <>
        <Title>We have refunded you</Title>
        <P>We have refunded {formatPrice(amount)} to your card. It can take 5 to 10 working days to appear.</P>
        <Action href={orderHistory(context)}>See your order</Action>
      </>
    ),
    short: `${context.brandName}: we have refunded ${formatPrice(amount)} for order ${orderNumber}.`,
  }),
  'weight-reminder': (_data, context) => ({
    subject: 'Time to log your weight',
    preview: 'A quick weigh-in keeps your progress on track.',
    body: (
      <>
        <Title>Time to log your weight</Title>
        <P>This is your reminder to weigh yourself and log it. Regular weigh-ins help you and your clinician see how your treatment is going.</P>
        <Action href={context.url('/account/progress')}>Log your weight</Action>
      </>
    ),
    short: `${context.brandName}: time to log your weight. ${context.url('/account/progress')}`,
  }),
  // To the clinic inbox: the message itself may hold health details, so the email only says where to read it.
  // To the GP practice: nothing clinical in the email itself; the letter is attached.
  'gp-letter': ({ answerUrl }, context) => ({
    subject: `A letter about your patient from ${context.brandName}`,
    preview: 'A prescriber has written to you about a patient registered with your practice.',
    body: (
      <>
        <Title>A letter about your patient</Title>
        <P>A prescriber at {context.brandName} has written to you about a patient registered with your practice, with the patient’s consent. The letter is attached as a PDF.</P>
        <P>If you have concerns about this treatment, please tell us through the secure link below: it holds the patient’s next supply until a prescriber has reviewed it.</P>
        <Action href={answerUrl}>Answer the letter</Action>
      </>
    ),
    short: `${context.brandName}: a letter about your patient. ${answerUrl}`,
  }),
  'gp-answer-received': ({ answer }, context) => ({
    subject: `Thank you: we have your answer`,
    preview: `${context.brandName} has received your answer about your patient.`,
    body: (
      <>
        <Title>Thank you for your answer</Title>
        {answer === 'concerns' ? (
          <P>We have received your concerns. The patient’s next supply is on hold, and a prescriber will review them and contact you or the patient.</P>
        ) : (
          <P>We have recorded that you have no concerns about this treatment. Thank you.</P>
        )}
      </>
    ),
    short: `${context.brandName}: thank you, we have your answer.`,
  }),
  'support-message': ({ threadId }, context) => ({
    subject: `New patient message for ${context.brandName} support`,
    preview: 'A patient has written to the clinic.',
    body: (
      <>
        <Title>A patient has written to the clinic</Title>
        <P>A patient sent a message from their account. Read it and reply in the clinic console; your reply appears in the patient's account.</P>
        <Action href={context.url(`/clinic/support/${threadId}`)}>Read the message</Action>
      </>
    ),
    short: `${context.brandName}: a patient has written to the clinic. ${context.url(`/clinic/support/${threadId}`)}`,
  }),
  // The reply may hold health details too: the patient reads it signed in.
  'support-reply': (_data, context) => ({
    subject: `We have replied to your message`,
    preview: `The ${context.brandName} care team has answered your message.`,
    body: (
      <>
        <Title>We have replied to your message</Title>
        <P>Our care team has answered your message. You can read the reply, and write back, in your account.</P>
        <Action href={context.url('/account/support')}>Read the reply</Action>
      </>
    ),
    short: `${context.brandName}: we have replied to your message. ${context.url('/account/support')}`,
  }),
  'coach-call-booked': ({ coachName, startsAt }, context) => ({
    subject: `Your call with ${coachName} is booked`,
    preview: `${formatCallTime(startsAt)} (UK time).`,
    body: (
      <>
        <Title>Your call with {coachName} is booked</Title>
        <P>
          {coachName} will phone you on {formatCallTime(startsAt)} (UK time). The call takes about 20 minutes.
        </P>
        <P>You can cancel or move it in your account up to 2 hours before it starts.</P>
        <Action href={context.url('/account/appointments')}>View your appointments</Action>
      </>
    ),
    short: `${context.brandName}: your call with ${coachName} is booked for ${formatCallTime(startsAt)} (UK time). ${context.url('/account/appointments')}`,
  }),
  'coach-call-reminder': ({ coachName, startsAt }, context) => ({
    subject: `Reminder: your call with ${coachName} is tomorrow`,
    preview: `${formatCallTime(startsAt)} (UK time).`,
    body: (
      <>
        <Title>Your call with {coachName} is tomorrow</Title>
        <P>
          {coachName} will phone you on {formatCallTime(startsAt)} (UK time).
        </P>
        <P>If the time no longer suits you, you can move or cancel it in your account up to 2 hours before.</P>
        <Action href={context.url('/account/appointments')}>View your appointments</Action>
      </>
    ),
    short: `${context.brandName}: reminder, ${coachName} will call you on ${formatCallTime(startsAt)} (UK time). ${context.url('/account/appointments')}`,
  }),
  'coach-call-cancelled': ({ coachName, startsAt, reason }, context) => ({
    subject: `Your call with ${coachName} has been cancelled`,
    preview: `The call on ${formatCallTime(startsAt)} will not go ahead.`,
    body: (
      <>
        <Title>Your call with {coachName} has been cancelled</Title>
        <P>
          Your call on {formatCallTime(startsAt)} (UK time) will not go ahead
          {reason === 'coach-changed' ? ' because you chose a new coach. Please book a call with your new coach.' : '.'}
        </P>
        <Action href={context.url('/account/coaches/book')}>Book another call</Action>
      </>
    ),
    short: `${context.brandName}: your call with ${coachName} on ${formatCallTime(startsAt)} has been cancelled. ${context.url('/account/coaches/book')}`,
  }),
  'video-consultation-booked': ({ consultationId, startsAt }, context) => ({
    subject: 'Your video consultation is booked',
    preview: `${formatCallTime(startsAt)} (UK time).`,
    body: (
      <>
        <Title>Your video consultation is booked</Title>
        <P>One of our prescribers will see you by video on {formatCallTime(startsAt)} (UK time). It takes about {VIDEO_CONSULTATION_MINUTES} minutes.</P>
        <P>Please have your photo ID and a set of bathroom scales with you, and use a phone or computer with a camera. You can join from 10 minutes before.</P>
        <P>You can move or cancel it in your account up to 1 hour before it starts.</P>
        <Action href={context.url(`/account/video-consultation/${consultationId}`)}>View your consultation</Action>
      </>
    ),
    short: `${context.brandName}: your video consultation is booked for ${formatCallTime(startsAt)} (UK time). ${context.url(`/account/video-consultation/${consultationId}`)}`,
  }),
  'video-consultation-reminder': ({ consultationId, startsAt }, context) => ({
    subject: 'Reminder: your video consultation',
    preview: `${formatCallTime(startsAt)} (UK time).`,
    body: (
      <>
        <Title>Your video consultation is coming up</Title>
        <P>Your video consultation with one of our prescribers is on {formatCallTime(startsAt)} (UK time).</P>
        <P>Please have your photo ID and bathroom scales ready. You can join from 10 minutes before.</P>
        <Action href={context.url(`/account/video-consultation/${consultationId}`)}>Join or change your consultation</Action>
      </>
    ),
    short: `${context.brandName}: reminder, your video consultation is on ${formatCallTime(startsAt)} (UK time). ${context.url(`/account/video-consultation/${consultationId}`)}`,
  }),
  'video-consultation-cancelled': ({ startsAt }, context) => ({
    subject: 'Your video consultation has been cancelled',
    preview: `The consultation on ${formatCallTime(startsAt)} will not go ahead.`,
    body: (
      <>
        <Title>Your video consultation has been cancelled</Title>
        <P>Your video consultation on {formatCallTime(startsAt)} (UK time) will not go ahead. We need to see you before we can prescribe, so please book another time.</P>
        <Action href={context.url('/account/video-consultation')}>Book another time</Action>
      </>
    ),
    short: `${context.brandName}: your video consultation on ${formatCallTime(startsAt)} has been cancelled. Book another time: ${context.url('/account/video-consultation')}`,
  }),
};

export function compose(request: Pick<NotificationRequest, 'template' | 'data'>, context: MessageContext): Composed {
  const composer = composers[request.template] as (data: unknown, context: MessageContext) => Composed;
  return composer(request.data, context);
}

/** Optional messages: not sent on a channel the patient turned off (unsubscribe link, STOP, account). */
export const OPTIONAL_TEMPLATES: ReadonlySet<NotificationTemplate> = new Set(['weight-reminder', 'critical-tasks-open', 'injection-reminder', 'injection-nudge']);

/** About the account's security: no unsubscribe link (turning them off would help only an intruder). */
export const SECURITY_TEMPLATES: ReadonlySet<NotificationTemplate> = new Set(['password-reset', 'signup-attempt', 'signup-code', 'password-changed', 'account-deleted']);

/** Messages to the clinic's own inbox (SUPPORT_INBOX) rather than to the patient they concern. */
export const CLINIC_TEMPLATES: ReadonlySet<NotificationTemplate> = new Set(['support-message']);

/** Messages to the patient's GP practice (sent with `to`), addressed to the doctor, with no unsubscribe link. */
export const GP_TEMPLATES: ReadonlySet<NotificationTemplate> = new Set(['gp-letter', 'gp-answer-received']);

/** Templates whose data holds a secret (a reset token, a sign-up code): cleared from the outbox once the message is sent. */
export const SECRET_TEMPLATES: ReadonlySet<NotificationTemplate> = new Set(['password-reset', 'signup-code']);
