import type { ReactNode } from 'react';
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';

/** DESIGN.md's palette: emails cannot read the web app's CSS custom properties, so the few colours used live here. */
export const BRAND = {
  ink: '#1d2b2a',
  muted: '#5b6b69',
  surface: '#ffffff',
  page: '#f6f4ef',
  primary: '#1f5c4a',
  border: '#dcd8cf',
} as const;

const font = "Inter, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export interface LayoutProps {
  brandName: string;
  siteUrl: string;
  preview: string;
  firstName: string;
  /** Optional messages (reminders, nudges) and the order emails carry a one-click unsubscribe link. */
  unsubscribeUrl?: string | null;
  children: ReactNode;
}

/** Every email's frame: the wordmark, a greeting, the message, the team's sign-off, and the unsubscribe line. */
export function EmailLayout({ brandName, siteUrl, preview, firstName, unsubscribeUrl, children }: LayoutProps) {
  return (
    <Html lang="en-GB">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: BRAND.page, color: BRAND.ink, fontFamily: font, margin: 0, padding: '24px 0' }}>
        <Container style={{ maxWidth: 560, margin: '0 auto', padding: '0 16px' }}>
          <Section style={{ padding: '8px 0 16px' }}>
            <Link href={siteUrl} style={{ color: BRAND.primary, fontSize: 22, fontWeight: 700, textDecoration: 'none' }}>
              {brandName}
            </Link>
          </Section>
          <Section style={{ backgroundColor: BRAND.surface, border: `1px solid ${BRAND.border}`, borderRadius: 12, padding: '24px 24px 8px' }}>
            <Text style={paragraph}>Hello {firstName},</Text>
            {children}
            <Text style={paragraph}>The {brandName} team</Text>
          </Section>
          <Section style={{ padding: '16px 8px' }}>
            <Text style={{ color: BRAND.muted, fontSize: 14, lineHeight: 1.5, margin: 0 }}>
              {brandName} is a UK online clinic. Questions? Reply to this email or visit <Link href={siteUrl} style={{ color: BRAND.primary }}>{siteUrl.replace(/^https?:\/\//, '')}</Link>.
            </Text>
            {unsubscribeUrl ? (
              <Text style={{ color: BRAND.muted, fontSize: 14, lineHeight: 1.5 }}>
                Don't want reminders by email? <Link href={unsubscribeUrl} style={{ color: BRAND.primary }}>Unsubscribe</Link>. We will still email you about your orders.
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export const paragraph = { fontSize: 16, lineHeight: 1.5, margin: '0 0 16px' } as const;

export function P({ children }: { children: ReactNode }) {
  return <Text style={paragraph}>{children}</Text>;
}

export function Title({ children }: { children: ReactNode }) {
  return <Heading as="h1" style={{ fontSize: 22, lineHeight: 1.2, margin: '0 0 16px', color: BRAND.ink }}>{children}</Heading>;
}

export function Subtitle({ children }: { children: ReactNode }) {
  return <Heading as="h2" style={{ fontSize: 18, lineHeight: 1.2, margin: '24px 0 8px', color: BRAND.ink }}>{children}</Heading>;
}

export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button href={href} style={{ backgroundColor: BRAND.primary, color: '#ffffff', borderRadius: 8, padding: '12px 20px', fontSize: 16, fontWeight: 600 }}>
        {children}
      </Button>
    </Section>
  );
}

export function Divider() {
  return <Hr style={{ borderColor: BRAND.border, margin: '16px 0' }} />;
}

export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <ul style={{ paddingLeft: 20, margin: '0 0 16px' }}>
      {items.map((item, index) => (
        <li key={index} style={{ fontSize: 16, lineHeight: 1.5, marginBottom: 4 }}>
          {item}
        </li>
      ))}
    </ul>
  );
}

export { Link };
