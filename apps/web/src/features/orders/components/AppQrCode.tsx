import { useEffect, useState } from 'react';
import { toDataURL } from 'qrcode';

/** A QR code drawn here from the link (no image service); its own chunk, fetched only for the app variant. */
export default function AppQrCode({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    toDataURL(url, { margin: 1, width: 176, errorCorrectionLevel: 'M' }).then(
      (data) => live && setSrc(data),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return src ? <img className="app-qr" src={src} alt={alt} width={176} height={176} /> : <div className="app-qr app-qr--placeholder" />;
}
