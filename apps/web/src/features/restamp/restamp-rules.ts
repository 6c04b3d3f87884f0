import { Format, type ShootingImage } from '@forecourt/contracts';

export interface RestampTarget {
  ownerId: string;
  productId: string;
  shootingId: string;
  images: Pick<ShootingImage, 'order' | 'format'>[];
}

/** The format of the shooting's first image: only stamps of that format are offered (spec section 5). */
export const firstImageFormat = (images: RestampTarget['images']): Format | null => {
  const first = [...images].sort((a, b) => a.order - b.order)[0];
  const parsed = Format.safeParse(first?.format);
  return parsed.success ? parsed.data : null;
};
