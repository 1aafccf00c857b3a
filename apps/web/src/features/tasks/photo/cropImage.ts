import { PHOTO_CROP } from '@elmwood/domain';

export interface OutputSize {
  width: number;
  height: number;
}

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image'));
    image.src = src;
  });
}

export interface DrawPlan {
  source: PixelArea;
  target: PixelArea;
}

/**
 * Where the part of the photo inside the crop goes on the output. Zoomed out below 1× (a whole-photo frame) the crop
 * reaches past the photo's edges: only the photo's own pixels are drawn, in proportion, and the rest stays white.
 * Worked out here rather than left to drawImage, which not every browser clips the same way. Null: no photo in the crop.
 */
export function drawPlan(area: PixelArea, photo: OutputSize, size: OutputSize): DrawPlan | null {
  const left = Math.max(area.x, 0);
  const top = Math.max(area.y, 0);
  const right = Math.min(area.x + area.width, photo.width);
  const bottom = Math.min(area.y + area.height, photo.height);
  if (right <= left || bottom <= top || area.width <= 0 || area.height <= 0) return null;
  const scaleX = size.width / area.width;
  const scaleY = size.height / area.height;
  return {
    source: { x: left, y: top, width: right - left, height: bottom - top },
    target: { x: (left - area.x) * scaleX, y: (top - area.y) * scaleY, width: (right - left) * scaleX, height: (bottom - top) * scaleY },
  };
}

/** The chosen part of the photo, drawn at the frame's size (335×375 unless said) and encoded as a JPEG data URL. */
export async function cropToJpeg(src: string, area: PixelArea, size: OutputSize = PHOTO_CROP, quality = 0.9): Promise<string> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas');
  // JPEG has no transparency: a white ground instead of black behind a PNG's clear parts and around a zoomed-out photo.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  const plan = drawPlan(area, { width: image.naturalWidth, height: image.naturalHeight }, size);
  if (plan) {
    const { source, target } = plan;
    context.drawImage(image, source.x, source.y, source.width, source.height, target.x, target.y, target.width, target.height);
  }
  return canvas.toDataURL('image/jpeg', quality);
}

export interface ChosenPhoto {
  src: string;
  width: number;
  height: number;
}

/** Reads a chosen file, and checks it is a picture the browser can open (SPEC §5 'must pass an image check'). */
export async function readPhoto(file: File): Promise<ChosenPhoto> {
  if (!file.type.startsWith('image/')) throw new Error('not-an-image');
  const url = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('read')));
    reader.onerror = () => reject(new Error('read'));
    reader.readAsDataURL(file);
  });
  const image = await loadImage(url);
  return { src: url, width: image.naturalWidth, height: image.naturalHeight };
}
