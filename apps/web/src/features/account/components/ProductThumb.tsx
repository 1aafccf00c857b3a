import type { ProductImage } from '@elmwood/domain';

/** A product's pack shot at thumbnail size, or a quiet tile when it has none. */
export function ProductThumb({ image, size = 56 }: { image: ProductImage | null; size?: number }) {
  if (!image) return <span className="account-thumb account-thumb--blank" style={{ width: size, height: size }} aria-hidden="true" />;
  return (
    <img
      className="account-thumb"
      src={image.sizes['1x']}
      srcSet={`${image.sizes['1x']} 1x, ${image.sizes['2x']} 2x`}
      alt={image.alt}
      width={size}
      height={size}
      loading="lazy"
    />
  );
}
