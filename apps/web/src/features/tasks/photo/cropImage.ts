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

/** The chosen part of the photo, drawn at the frame's size (335×375 unless said) and encoded as a JPEG data URL. */
export async function cropToJpeg(src: string, area: PixelArea, size: OutputSize = PHOTO_CROP, quality = 0.9): Promise<string> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas');
  // JPEG has no transparency: a white ground instead of black behind a PNG's clear parts.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', quality);
}

/** Reads a chosen file, and checks it is a picture the browser can open (SPEC §5 'must pass an image check'). */
export async function readPhoto(file: File): Promise<string> {
  if (!file.type.startsWith('image/')) throw new Error('not-an-image');
  const url = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('read')));
    reader.onerror = () => reject(new Error('read'));
    reader.readAsDataURL(file);
  });
  await loadImage(url);
  return url;
}
