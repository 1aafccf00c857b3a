/** Opened from the home screen, full screen (Chromium's display mode, or iOS Safari's own flag). */
export function openedInstalled(): boolean {
  if (typeof window === 'undefined') return false;
  return window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/**
 * How this device installs a web app: Chromium offers its own prompt (captured in installPrompt.ts); iOS Safari only
 * through Share, then 'Add to Home Screen'; a computer is shown a QR code to carry on on a phone.
 */
export type InstallWay = 'prompt' | 'ios' | 'computer' | 'phone-menu';

export function installWayFor({ promptReady, userAgent, coarsePointer }: { promptReady: boolean; userAgent: string; coarsePointer: boolean }): InstallWay {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  if (promptReady) return 'prompt';
  return coarsePointer ? 'phone-menu' : 'computer';
}
