import { describe, expect, it } from 'vitest';
import { clampZoom, ID_CARD_CROP, isPhotoLandingSlug, photoFrame, photoUploadPath, PHOTO_CROP, PHOTO_ZOOM, stepZoom, uploadPercentage } from './photo';

describe('photo zoom', () => {
  it('starts at 1.2 and moves in steps of 0.5 between 1 and 3', () => {
    expect(PHOTO_ZOOM.initial).toBe(1.2);
    expect(stepZoom(1.2, 1)).toBe(1.7);
    expect(stepZoom(1.2, -1)).toBe(1);
    expect(stepZoom(1, -1)).toBe(1);
    expect(stepZoom(2.5, 1)).toBe(3);
    expect(stepZoom(3, 1)).toBe(3);
  });
  it('keeps any value inside the limits', () => {
    expect(clampZoom(0.4)).toBe(1);
    expect(clampZoom(3.01)).toBe(3);
    expect(clampZoom(Number.NaN)).toBe(1.2);
  });
});

describe('photo landing pages', () => {
  it('knows the three slugs and no others', () => {
    expect(isPhotoLandingSlug('weight-loss')).toBe(true);
    expect(isPhotoLandingSlug('upload-photo-id')).toBe(true);
    expect(isPhotoLandingSlug('upload-prescription')).toBe(true);
    expect(isPhotoLandingSlug('toString')).toBe(false);
    expect(isPhotoLandingSlug(undefined)).toBe(false);
  });
  it('sends category H to the hair-loss progress endpoint, the rest by category', () => {
    expect(photoUploadPath('H')).toBe('/shop-api/messages/hair-loss-progress');
    expect(photoUploadPath('I')).toBe('/shop-api/messages/category/I');
  });
});

describe('uploadPercentage', () => {
  it('rounds and bounds, and is 0 with no known size', () => {
    expect(uploadPercentage(1, 3)).toBe(33);
    expect(uploadPercentage(5, 4)).toBe(100);
    expect(uploadPercentage(5, 0)).toBe(0);
  });
});

describe('photoFrame', () => {
  it('frames an ID card landscape at the ID-1 ratio (85.6 × 54), opening at zoom 1', () => {
    const frame = photoFrame('upload-photo-id');
    expect(frame).toEqual({ crop: ID_CARD_CROP, initialZoom: 1, orientation: 'landscape' });
    expect(frame.crop.width / frame.crop.height).toBeCloseTo(85.6 / 54, 3);
  });
  it('keeps the full-length photo and the prescription portrait at SPEC’s 335×375 and zoom 1.2', () => {
    expect(photoFrame('weight-loss')).toEqual({ crop: PHOTO_CROP, initialZoom: 1.2, orientation: 'portrait' });
    expect(photoFrame('upload-prescription').orientation).toBe('portrait');
    expect(PHOTO_CROP.height).toBeGreaterThan(PHOTO_CROP.width);
  });
});
