import type { Product } from '@elmwood/domain';
import { Carousel } from '../../../ui/Carousel';
import { cx } from '../../../ui/cx';
import { galleryImages } from '../productContent';
import { ProductImage } from './ProductImage';

interface ProductGalleryProps {
  product: Pick<Product, 'name' | 'images'>;
  priority?: boolean;
  className?: string;
}

/** One picture, or a carousel when the product has more. */
export function ProductGallery({ product, priority = false, className }: ProductGalleryProps) {
  const images = galleryImages(product);
  if (images.length === 0) return null;
  if (images.length === 1) {
    return (
      <div className={cx('product-gallery', className)}>
        <ProductImage image={images[0]!} priority={priority} className="product-gallery__image" />
      </div>
    );
  }
  return (
    <div className={cx('product-gallery', className)}>
      <Carousel
        label={`${product.name} pictures`}
        slideNoun="Picture"
        slides={images.map((image, i) => (
          <ProductImage key={`${image.code}-${i}`} image={image} priority={priority && i === 0} className="product-gallery__image" />
        ))}
      />
    </div>
  );
}
