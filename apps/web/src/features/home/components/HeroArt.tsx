/** A quiet, decorative illustration: leaves and a path, drawn in the palette. */
export function HeroArt() {
  return (
    <svg className="hero__art" viewBox="0 0 400 320" aria-hidden="true" focusable="false">
      <rect x="20" y="20" width="360" height="280" rx="28" fill="#e6efeb" />
      <circle cx="300" cy="96" r="44" fill="#f2c14e" opacity="0.85" />
      <path d="M40 250c70-40 140-40 210-10s90 20 130-10v50H40z" fill="#cfe0d8" />
      <path d="M110 236c0-70 40-118 120-124-6 80-52 124-118 126" fill="#1f5c4a" />
      <path d="M114 236 196 152" stroke="#e6efeb" strokeWidth="4" strokeLinecap="round" />
      <path d="M150 204v-26M170 184h-24" stroke="#e6efeb" strokeWidth="3" strokeLinecap="round" />
      <path d="M236 244c-4-44 20-74 66-82 2 48-24 76-64 82" fill="#2e7d4f" />
      <path d="M240 242 286 182" stroke="#e6efeb" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
