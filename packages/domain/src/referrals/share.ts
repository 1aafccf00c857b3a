/** Where the refer-a-friend page's share buttons go (SPEC §2): each opens a new window. */
export const SHARE_CHANNELS = ['email', 'messenger', 'x', 'whatsapp'] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

export const SHARE_LABELS: Record<ShareChannel, string> = {
  email: 'Share by email',
  messenger: 'Share on Messenger',
  x: 'Share on X',
  whatsapp: 'Share on WhatsApp',
};

/** What a shared message says around the link. */
export function shareMessage(brandName: string): string {
  return `I use ${brandName} for my treatment. Here is 20% off your first order:`;
}

/**
 * Each channel's compose address with the message and link filled in. Messenger's send dialog needs the shop's
 * Facebook app id; without one it is not offered (null).
 */
export function shareUrl(channel: ShareChannel, link: string, brandName: string, facebookAppId: string | null = null): string | null {
  const text = shareMessage(brandName);
  const enc = encodeURIComponent;
  switch (channel) {
    case 'email':
      return `mailto:?subject=${enc(`20% off at ${brandName}`)}&body=${enc(`${text} ${link}`)}`;
    case 'messenger':
      return facebookAppId ? `https://www.facebook.com/dialog/send?app_id=${enc(facebookAppId)}&link=${enc(link)}&redirect_uri=${enc(link)}` : null;
    case 'x':
      return `https://twitter.com/intent/tweet?text=${enc(text)}&url=${enc(link)}`;
    case 'whatsapp':
      return `https://wa.me/?text=${enc(`${text} ${link}`)}`;
  }
}

/** The page's title: 'Refer a friend', or how many friends the patient has referred once there are some. */
export function referralTitle(count: number): string {
  if (count <= 0) return 'Refer a friend';
  return `You have referred ${count} ${count === 1 ? 'friend' : 'friends'}`;
}
