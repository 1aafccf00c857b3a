/** The photo capture screen's limits (SPEC §9): zoom 1× to 3× in steps of 0.5, starting at 1.2 (SPEC §4). */
export const PHOTO_ZOOM = { min: 1, max: 3, step: 0.5, initial: 1.2 } as const;

/** The crop frame and the size of the JPEG sent to the clinic (SPEC §9 'default crop 335x375'). */
export const PHOTO_CROP = { width: 335, height: 375 } as const;

export const NO_PHOTOS_SELECTED = 'No photos selected';
export const PHOTOS_UPLOADED_EVENT = 'photos_uploaded';

/**
 * One zoom step in or out, kept inside the limits; a start off the 0.5 grid (1.2) moves by a whole step. `min` is
 * lower than 1 only for a whole-photo frame (photoFrame), which zooms out until the whole photo is in the frame.
 */
export function stepZoom(zoom: number, direction: 1 | -1, min: number = PHOTO_ZOOM.min): number {
  return clampZoom(zoom + direction * PHOTO_ZOOM.step, min);
}

export function clampZoom(zoom: number, min: number = PHOTO_ZOOM.min): number {
  if (!Number.isFinite(zoom)) return Math.max(min, Math.min(PHOTO_ZOOM.initial, PHOTO_ZOOM.max));
  return Math.min(PHOTO_ZOOM.max, Math.max(min, Math.round(zoom * 100) / 100));
}

/**
 * Upload categories of SPEC §7: I identity, W weight tracking, P prescription; H (hair-loss progress) by default;
 * S, a photo attached to a message to the clinic (issue 19); Q, a photo a prescriber asked for in a question.
 */
export type PhotoCategory = 'I' | 'W' | 'P' | 'H' | 'S' | 'Q';
export const SUPPORT_PHOTO_CATEGORY = 'S' satisfies PhotoCategory;
export const QUESTION_PHOTO_CATEGORY = 'Q' satisfies PhotoCategory;

/** The photo landing pages, chosen by slug (SPEC §2), and where each sends its photo. */
export const PHOTO_LANDINGS = {
  'weight-loss': { category: 'W', title: 'Add your weight check photo' },
  'upload-photo-id': { category: 'I', title: 'Verify your identity' },
  'upload-prescription': { category: 'P', title: 'Upload your prescription' },
} as const satisfies Record<string, { category: PhotoCategory; title: string }>;
export type PhotoLandingSlug = keyof typeof PHOTO_LANDINGS;

export interface PhotoFrame {
  /** The crop frame's shape and the size of the JPEG sent, in pixels. */
  crop: { width: number; height: number };
  /** The zoom the crop opens at; a whole-photo frame opens at wholePhotoZoom instead. */
  initialZoom: number;
  orientation: 'landscape' | 'portrait';
  /**
   * The frame opens with the whole photo inside it (below 1× when the photo's shape differs from the frame's, the
   * rest of the frame white) and zooms out no further: nothing the patient photographed is cut off unless they zoom in.
   */
  wholePhoto: boolean;
}

/**
 * The full-length photo: a portrait frame for a standing person, head to feet, with room for the arms (2:3, the shape
 * of a portrait photo), sent at 800 × 1200 so the prescriber sees the whole body in detail.
 */
export const FULL_LENGTH_CROP = { width: 800, height: 1200 } as const;

/**
 * The zoom at which the whole photo fits inside the frame. At 1× the frame fills its shorter side of the photo
 * (react-easy-crop's rule), so this is 1 when the shapes match and below 1 otherwise.
 */
export function wholePhotoZoom(photo: { width: number; height: number }, frame: { width: number; height: number }): number {
  const photoRatio = photo.width / photo.height;
  const frameRatio = frame.width / frame.height;
  if (!(photoRatio > 0) || !(frameRatio > 0)) return 1;
  // Rounded down, so the whole photo fits at the zoom shown.
  return Math.floor(Math.min(photoRatio / frameRatio, frameRatio / photoRatio) * 100) / 100;
}

/**
 * ID-1, the size of a driving licence or ID card (ISO/IEC 7810): 85.6 × 54 mm. Sent at 10 pixels a millimetre,
 * enough to read it, the same ratio as the card.
 */
export const ID_CARD_CROP = { width: 856, height: 540 } as const;

/**
 * The crop frame of each landing: an ID card lies landscape and opens at zoom 1, so all four corners show from the
 * start; a full-length photo gets a whole-body portrait frame that opens on the whole photo (SPEC's 335×375 from
 * 1× cut off the head and feet, issue 39); a prescription stays SPEC's portrait 335×375 at zoom 1.2 (SPEC §4, §9).
 */
export function photoFrame(slug: PhotoLandingSlug): PhotoFrame {
  if (slug === 'upload-photo-id') return { crop: ID_CARD_CROP, initialZoom: PHOTO_ZOOM.min, orientation: 'landscape', wholePhoto: false };
  if (slug === 'weight-loss') return { crop: FULL_LENGTH_CROP, initialZoom: PHOTO_ZOOM.min, orientation: 'portrait', wholePhoto: true };
  return { crop: PHOTO_CROP, initialZoom: PHOTO_ZOOM.initial, orientation: 'portrait', wholePhoto: false };
}

export function isPhotoLandingSlug(slug: string | undefined): slug is PhotoLandingSlug {
  return slug !== undefined && Object.hasOwn(PHOTO_LANDINGS, slug);
}

/** The endpoint a photo of this category goes to. */
export function photoUploadPath(category: PhotoCategory): string {
  return category === 'H' ? '/shop-api/messages/hair-loss-progress' : `/shop-api/messages/category/${category}`;
}

/** Percentage of an upload sent so far, whole numbers, 0 when the size is unknown. */
export function uploadPercentage(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}
