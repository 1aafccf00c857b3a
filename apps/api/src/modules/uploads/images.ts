import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../lib/errors';

export const NOT_AN_IMAGE_MESSAGE = 'This file is not a photo we can use. Please choose a JPEG, PNG, WebP or HEIC photo.';
export function imageTooLargeMessage(maxBytes: number): string {
  const limit = maxBytes >= 1_000_000 ? `${Math.floor(maxBytes / 1_000_000)} MB` : `${Math.floor(maxBytes / 1000)} KB`;
  return `This photo is too large. Please choose one under ${limit}.`;
}

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);
const LONGEST_SIDE = 2400;

/**
 * Judges a photo by its bytes, never its name, then re-encodes it as a fresh JPEG: the rotation is
 * applied, and EXIF, GPS location and every other piece of metadata are left behind.
 */
export async function sanitisePhoto(bytes: Buffer, maxBytes: number): Promise<Buffer> {
  if (bytes.length > maxBytes) throw new AppError(413, 'IMAGE_TOO_LARGE', imageTooLargeMessage(maxBytes));
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.mime)) throw new AppError(400, 'NOT_AN_IMAGE', NOT_AN_IMAGE_MESSAGE);
  try {
    return await sharp(bytes, { limitInputPixels: 60_000_000, failOn: 'error' })
      .rotate()
      .resize({ width: LONGEST_SIDE, height: LONGEST_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new AppError(400, 'NOT_AN_IMAGE', NOT_AN_IMAGE_MESSAGE);
  }
}
