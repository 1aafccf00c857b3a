import { describe, expect, it } from 'vitest';
import { referralTitle, shareUrl } from './share';

const LINK = 'https://shop.example/r/0f8fad5b-d9cb-469f-a165-70867728950e?raf=friend';

describe('share buttons', () => {
  it('fill each compose address with the message and the link', () => {
    expect(shareUrl('email', LINK, 'Elmwood Health')).toBe(
      `mailto:?subject=20%25%20off%20at%20Elmwood%20Health&body=${encodeURIComponent(`I use Elmwood Health for my treatment. Here is 20% off your first order: ${LINK}`)}`,
    );
    expect(shareUrl('x', LINK, 'Elmwood Health')).toBe(
      `https://twitter.com/intent/tweet?text=${encodeURIComponent('I use Elmwood Health for my treatment. Here is 20% off your first order:')}&url=${encodeURIComponent(LINK)}`,
    );
    expect(shareUrl('whatsapp', LINK, 'Elmwood Health')).toMatch(/^https:\/\/wa\.me\/\?text=I%20use%20Elmwood%20Health.*raf%3Dfriend$/);
    expect(shareUrl('messenger', LINK, 'Elmwood Health', '12345')).toBe(
      `https://www.facebook.com/dialog/send?app_id=12345&link=${encodeURIComponent(LINK)}&redirect_uri=${encodeURIComponent(LINK)}`,
    );
  });
  it('offer no Messenger dialog without the shop’s Facebook app id', () => {
    expect(shareUrl('messenger', LINK, 'Elmwood Health')).toBeNull();
  });
});

describe('the page title', () => {
  it('reads Refer a friend until someone is referred, then counts them', () => {
    expect(referralTitle(0)).toBe('Refer a friend');
    expect(referralTitle(1)).toBe('You have referred 1 friend');
    expect(referralTitle(3)).toBe('You have referred 3 friends');
  });
});
