import type { Category, Channel, Frequency, ProductAttribute, ProductImage } from '@elmwood/domain';

export interface SeedVariant {
  code: string;
  name: string;
  dosage: string;
  quantityPerMonth: number;
  quantityPerMonthType: string;
  inStock?: boolean;
  /** Price of one delivery in pence, per frequency (30 monthly, 90 quarterly = three months, 1 one-off). */
  prices: Partial<Record<Frequency, number>>;
}

export interface SeedProduct {
  code: string;
  slug: string;
  name: string;
  category: Category;
  description: string;
  shortDescription: string;
  expandedInfo?: string;
  modalTxt?: string;
  isPrescriptionOnly: boolean;
  /**
   * Ships from stock the next working day ('Free one day delivery'). Only goods that need no clinical check
   * before dispatch: a prescription medicine waits for a prescriber, a pharmacy medicine for a pharmacist.
   */
  quickShip?: boolean;
  channels: Channel[];
  images: ProductImage[];
  attributes: ProductAttribute[];
  variants: SeedVariant[];
}
