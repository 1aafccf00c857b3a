import type { ProductImage as ProductImageData } from '@elmwood/domain';

interface ProductImageProps {
  image: ProductImageData;
  /** The first image on the page loads eagerly; the rest wait until needed. */
  priority?: boolean;
  className?: string;
}

export function ProductImage({ image, priority = false, className }: ProductImageProps) {
  const { '1x': x1, '2x': x2 } = image.sizes;
  return (
    <img
      className={className}
      src={x1}
      srcSet={x2 && x2 !== x1 ? `${x1} 1x, ${x2} 2x` : undefined}
      alt={image.alt}
      width={480}
      height={480}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
