import { describe, expect, it } from 'vitest';
import { clampZoom, FULL_LENGTH_CROP, ID_CARD_CROP, isPhotoLandingSlug, photoFrame, photoUploadPath, PHOTO_CROP, PHOTO_ZOOM, stepZoom, uploadPercentage, wholePhotoZoom } from './photo';

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
  it('goes below 1 only as far as a lower limit given (a whole-photo frame)', () => {
    expect(clampZoom(0.4, 0.75)).toBe(0.75);
    expect(stepZoom(0.75, 1, 0.75)).toBe(1.25);
    expect(stepZoom(1.25, -1, 0.75)).toBe(0.75);
    expect(stepZoom(0.75, -1, 0.75)).toBe(0.75);
    expect(clampZoom(Number.NaN, 0.75)).toBe(1.2);
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
    expect(frame).toEqual({ crop: ID_CARD_CROP, initialZoom: 1, orientation: 'landscape', wholePhoto: false });
    expect(frame.crop.width / frame.crop.height).toBeCloseTo(85.6 / 54, 3);
  });
  it('frames the full-length photo as a whole body: portrait 2:3, opening on the whole photo', () => {
    const frame = photoFrame('weight-loss');
    expect(frame).toMatchObject({ crop: FULL_LENGTH_CROP, orientation: 'portrait', wholePhoto: true });
    expect(frame.crop.width / frame.crop.height).toBeCloseTo(2 / 3, 3);
    expect(frame.crop.height).toBeGreaterThanOrEqual(1200);
  });
  it('keeps the prescription portrait at SPEC’s 335×375 and zoom 1.2', () => {
    expect(photoFrame('upload-prescription')).toEqual({ crop: PHOTO_CROP, initialZoom: 1.2, orientation: 'portrait', wholePhoto: false });
    expect(PHOTO_CROP.height).toBeGreaterThan(PHOTO_CROP.width);
  });
  it('opens a whole-photo frame at the zoom where the whole photo fits: below 1 when the shapes differ', () => {
    // A 3:4 phone photo in the 2:3 frame: the full width fits at 0.88, with a little white above and below.
    expect(wholePhotoZoom({ width: 480, height: 640 }, FULL_LENGTH_CROP)).toBe(0.88);
    // A tall 9:16 photo: the full height fits at 0.84, white at the sides.
    expect(wholePhotoZoom({ width: 1080, height: 1920 }, FULL_LENGTH_CROP)).toBe(0.84);
    // A landscape photo of someone standing: far below 1.
    expect(wholePhotoZoom({ width: 1600, height: 1200 }, FULL_LENGTH_CROP)).toBe(0.5);
    expect(wholePhotoZoom({ width: 800, height: 1200 }, FULL_LENGTH_CROP)).toBe(1);
    expect(wholePhotoZoom({ width: 0, height: 0 }, FULL_LENGTH_CROP)).toBe(1);
  });
});
