import { useId, useState, type ChangeEvent } from 'react';
import Cropper from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { clampZoom, NO_PHOTOS_SELECTED, PHOTO_CROP, PHOTO_ZOOM, wholePhotoZoom, type PhotoFrame } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { ErrorState } from '../../../ui/ErrorState';
import { ProgressBar } from '../../../ui/ProgressBar';
import { cropToJpeg, readPhoto, type PixelArea } from '../photo/cropImage';
import { ZoomControl } from './ZoomControl';

const NOT_A_PHOTO = 'We could not open that file as a photo. Please choose a JPEG or PNG photo.';

export interface CroppedPhoto {
  dataUrl: string;
  fileName: string;
}

interface PhotoCaptureProps {
  /** Sends the cropped photo, reporting the percentage sent; rejects with a message to show. */
  upload: (photo: CroppedPhoto, onProgress: (percentage: number) => void) => Promise<void>;
  /** What the photo should show, e.g. 'your photo ID'. */
  subject: string;
  /** The crop frame's shape and starting zoom (domain photoFrame); SPEC's portrait 335×375 at 1.2 unless said. */
  frame?: PhotoFrame;
  /** An illustration of a good photo, shown before one is chosen. */
  example?: { src: string; alt: string; width: number; height: number };
  /** What to check in the crop frame; by default how to move and zoom {subject}. */
  cropHint?: string;
}

const DEFAULT_FRAME: PhotoFrame = { crop: PHOTO_CROP, initialZoom: PHOTO_ZOOM.initial, orientation: 'portrait', wholePhoto: false };

type Stage =
  | { kind: 'pick' }
  /** minZoom: 1, or below it for a whole-photo frame, where the whole of this photo fits. */
  | { kind: 'crop'; src: string; fileName: string; minZoom: number }
  | { kind: 'upload'; progress: number }
  | { kind: 'failed'; message: string; photo: CroppedPhoto };

/**
 * SPEC §4 photo upload: no photo; photo chosen (zoom 1.2); confirm (uploading with a percentage); retake resets.
 * The photo is cropped in the browser to the frame's size (335×375 unless said) and sent as a JPEG. A whole-photo frame
 * (the full-length photo) opens with the whole photo inside it instead, so nothing is cut off unless the patient zooms in.
 */
export function PhotoCapture({ upload, subject, frame = DEFAULT_FRAME, example, cropHint }: PhotoCaptureProps) {
  const id = useId();
  const [stage, setStage] = useState<Stage>({ kind: 'pick' });
  const [zoom, setZoom] = useState<number>(frame.initialZoom);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [area, setArea] = useState<PixelArea | null>(null);
  const [error, setError] = useState<string | null>(null);

  const retake = () => {
    setStage({ kind: 'pick' });
    setZoom(frame.initialZoom);
    setCrop({ x: 0, y: 0 });
    setArea(null);
    setError(null);
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const photo = await readPhoto(file);
      const minZoom = frame.wholePhoto ? Math.min(PHOTO_ZOOM.min, wholePhotoZoom(photo, frame.crop)) : PHOTO_ZOOM.min;
      setError(null);
      setCrop({ x: 0, y: 0 });
      setZoom(frame.wholePhoto ? minZoom : frame.initialZoom);
      setStage({ kind: 'crop', src: photo.src, fileName: file.name.replace(/\.[^.]*$/, '') + '.jpg', minZoom });
    } catch {
      setError(NOT_A_PHOTO);
    }
  };

  const send = async (photo: CroppedPhoto) => {
    setStage({ kind: 'upload', progress: 0 });
    try {
      await upload(photo, (progress) => setStage({ kind: 'upload', progress }));
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      console.error('Photo upload failed', message);
      setStage({ kind: 'failed', message, photo });
    }
  };

  const confirm = async () => {
    if (stage.kind !== 'crop' || !area) {
      setError(NO_PHOTOS_SELECTED);
      return;
    }
    try {
      await send({ dataUrl: await cropToJpeg(stage.src, area, frame.crop), fileName: stage.fileName });
    } catch {
      setError(NOT_A_PHOTO);
    }
  };

  if (stage.kind === 'upload') {
    return (
      <div className="photo-capture">
        <p role="status">Uploading your photo…</p>
        <ProgressBar className="photo-capture__progress" label="Upload progress" value={stage.progress} showPercentage />
      </div>
    );
  }
  if (stage.kind === 'failed') {
    return (
      <ErrorState title="Your photo did not upload" message={stage.message} onRetry={() => void send(stage.photo)}>
        <Button variant="secondary" onClick={retake}>
          Retake
        </Button>
      </ErrorState>
    );
  }

  return (
    <div className="photo-capture">
      {stage.kind === 'crop' ? (
        <>
          <p id={`${id}-crop-hint`}>{cropHint ?? `Drag to position ${subject} in the frame. Use the buttons to zoom.`}</p>
          <div className={`photo-capture__stage photo-capture__stage--${frame.wholePhoto ? 'whole-body' : frame.orientation}`}>
            <Cropper
              image={stage.src}
              crop={crop}
              zoom={zoom}
              minZoom={stage.minZoom}
              maxZoom={PHOTO_ZOOM.max}
              aspect={frame.crop.width / frame.crop.height}
              // Below 1× the photo is smaller than the frame, so it may not be held to fill it.
              restrictPosition={!frame.wholePhoto}
              onCropChange={setCrop}
              onZoomChange={(next) => setZoom(clampZoom(next, stage.minZoom))}
              onCropComplete={(_, pixels) => setArea(pixels)}
              disableAutomaticStylesInjection
              mediaProps={{ alt: 'Your photo' }}
              cropperProps={{ role: 'group', 'aria-label': 'Crop frame: use the arrow keys to move the photo', 'aria-describedby': `${id}-crop-hint` }}
            />
          </div>
          <ZoomControl zoom={zoom} min={stage.minZoom} onChange={setZoom} />
        </>
      ) : (
        <div className="photo-capture__pick">
          {example ? (
            <figure className={`photo-capture__example photo-capture__example--${frame.orientation}`}>
              <img src={example.src} alt={example.alt} width={example.width} height={example.height} />
              <figcaption>Example: an illustration of a good photo</figcaption>
            </figure>
          ) : null}
          <p>Take a clear photo of {subject} in good light, or choose one you already have.</p>
          <PhotoInput id={`${id}-camera`} label="Take a photo" capture onChange={choose} />
          <PhotoInput id={`${id}-file`} label="Choose a photo" onChange={choose} variant="secondary" />
        </div>
      )}
      <ErrorMessage>{error}</ErrorMessage>
      <div className="task-panel__actions">
        <Button onClick={() => void confirm()}>Upload photo</Button>
        {stage.kind === 'crop' ? (
          <Button variant="secondary" onClick={retake}>
            Retake
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** A file input dressed as a button; `capture` opens the camera on a phone and is ignored elsewhere. */
function PhotoInput({ id, label, capture = false, variant = 'primary', onChange }: { id: string; label: string; capture?: boolean; variant?: 'primary' | 'secondary'; onChange: (event: ChangeEvent<HTMLInputElement>) => void }) {
  return (
    <div>
      <input id={id} className="photo-capture__file" type="file" accept="image/*" {...(capture ? { capture: 'environment' as const } : {})} onChange={(event) => void onChange(event)} />
      <label htmlFor={id} className={`btn btn--${variant} btn--md`}>
        <span className="btn__label">{label}</span>
      </label>
    </div>
  );
}
