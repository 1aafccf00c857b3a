import { lazy, Suspense } from 'react';
import { Button } from '../../../ui/Button';

const AppQrCode = lazy(() => import('./AppQrCode'));

/** Where the QR code sends a phone: the app's store page picker. */
export const APP_DOWNLOAD_URL = 'https://elmwood-health.example/app';

export const APP_CHECKLIST = ['Complete assessment', 'Verify your identity', 'Add a full-length photo'] as const;

/**
 * The app variant of the critical-task page: finish the remaining steps in the mobile app (scan the code on
 * a computer, follow the link on a phone), or carry on here.
 */
export function AppVariant({ onContinueOnWeb }: { onContinueOnWeb: () => void }) {
  return (
    <section className="thank-you-card app-variant" aria-labelledby="app-variant-heading">
      <h2 id="app-variant-heading">Finish in the Elmwood Health app</h2>
      <p>It takes a few minutes. Scan the code with your phone's camera to get the app, then:</p>
      <div className="app-variant__body">
        <Suspense fallback={<div className="app-qr app-qr--placeholder" />}>
          <AppQrCode url={APP_DOWNLOAD_URL} alt="QR code to download the Elmwood Health app" />
        </Suspense>
        <ol className="app-checklist">
          {APP_CHECKLIST.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      </div>
      <a className="btn btn--primary btn--lg btn--block app-variant__store" href={APP_DOWNLOAD_URL}>
        <span className="btn__label">Get the app</span>
      </a>
      <Button variant="secondary" block onClick={onContinueOnWeb}>
        Continue on web
      </Button>
    </section>
  );
}
