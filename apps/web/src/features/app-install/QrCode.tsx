import { encode } from 'uqr';

/** A QR code of `text`, drawn as one SVG path (dark modules on white, with the quiet zone the standard asks for). */
export function QrCode({ text, label, size = 168 }: { text: string; label: string; size?: number }) {
  const { data } = encode(text, { ecc: 'M', border: 4 });
  const path = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('');
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${data.length} ${data.length}`} shapeRendering="crispEdges" className="qr-code">
      <rect width="100%" height="100%" fill="#ffffff" />
      <path d={path} fill="#1d2b2a" />
    </svg>
  );
}
