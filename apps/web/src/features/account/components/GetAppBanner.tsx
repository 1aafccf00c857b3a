import { useEffect, useState } from 'react';
import { APP_DOWNLOAD_URL } from '../../../lib/config';

/**
 * The get-app banner: a QR code on a desktop (made here in the browser, nothing fetched) and a store link on
 * a phone; which one shows is left to the stylesheet's breakpoint. Hidden once the app has been opened.
 */
export function GetAppBanner() {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toDataURL(APP_DOWNLOAD_URL, { margin: 1, width: 128, color: { dark: '#1d2b2a', light: '#ffffff' } }))
      .then((url) => {
        if (live) setQr(url);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="account-card get-app" aria-labelledby="get-app-title">
      <div>
        <h2 id="get-app-title">Get the app</h2>
        <p>App users lose 22% more weight. Track your progress, log your weight and message your care team on the go.</p>
        <a className="btn btn--primary btn--md get-app__store" href={APP_DOWNLOAD_URL}>
          <span className="btn__label">Download the app</span>
        </a>
      </div>
      <div className="get-app__qr">
        {qr ? <img src={qr} width={128} height={128} alt="QR code: scan with your phone's camera to download the app" /> : <span className="get-app__qr-blank" aria-hidden="true" />}
      </div>
    </section>
  );
}
