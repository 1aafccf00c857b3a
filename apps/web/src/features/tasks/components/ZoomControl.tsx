import { PHOTO_ZOOM, stepZoom } from '@elmwood/domain';

/**
 * Zoom out and in by 0.5 between 1× and 3× (SPEC §9); the buttons stop at the limits. A whole-photo frame passes a
 * lower `min`, the zoom at which the whole photo fits.
 */
export function ZoomControl({ zoom, min = PHOTO_ZOOM.min, onChange }: { zoom: number; min?: number; onChange: (zoom: number) => void }) {
  const shown = `${Number(zoom.toFixed(1))}×`;
  return (
    <div className="photo-capture__zoom" role="group" aria-label="Zoom">
      <button type="button" aria-label="Zoom out" disabled={zoom <= min} onClick={() => onChange(stepZoom(zoom, -1, min))}>
        −
      </button>
      <output className="photo-capture__zoom-value" aria-live="polite" aria-label={`Zoom ${shown}`}>
        {shown}
      </output>
      <button type="button" aria-label="Zoom in" disabled={zoom >= PHOTO_ZOOM.max} onClick={() => onChange(stepZoom(zoom, 1, min))}>
        +
      </button>
    </div>
  );
}
