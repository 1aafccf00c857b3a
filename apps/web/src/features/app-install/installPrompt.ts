import { useSyncExternalStore } from 'react';

/** Chromium's install prompt event (not yet in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let waiting: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

// Chromium offers the prompt once, early, when the app can be installed: kept until the patient asks for it.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    waiting = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    waiting = null;
    changed();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the browser's install prompt can be shown, and a way to show it (once: the browser then forgets it). */
export function useInstallPrompt(): { ready: boolean; show: () => Promise<void> } {
  const ready = useSyncExternalStore(
    subscribe,
    () => waiting !== null,
    () => false,
  );
  return {
    ready,
    show: async () => {
      const event = waiting;
      if (!event) return;
      waiting = null;
      changed();
      await event.prompt();
    },
  };
}
