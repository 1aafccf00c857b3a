import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PhotoCapture } from './PhotoCapture';
import { ZoomControl } from './ZoomControl';

function Zoom() {
  const [zoom, setZoom] = useState(1.2);
  return <ZoomControl zoom={zoom} onChange={setZoom} />;
}

describe('ZoomControl', () => {
  it('starts at 1.2× and moves in steps of 0.5, stopping at 1× and 3×', async () => {
    render(<Zoom />);
    expect(screen.getByLabelText('Zoom 1.2×')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(screen.getByLabelText('Zoom 1×')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    for (const shown of ['1.5×', '2×', '2.5×', '3×']) {
      await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
      expect(screen.getByLabelText(`Zoom ${shown}`)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
  });
});

describe('ZoomControl in a whole-photo frame', () => {
  it('zooms out below 1×, as far as the whole photo fits, and back in by 0.5', async () => {
    function WholePhoto() {
      const [zoom, setZoom] = useState(0.88);
      return <ZoomControl zoom={zoom} min={0.88} onChange={setZoom} />;
    }
    render(<WholePhoto />);
    expect(screen.getByLabelText('Zoom 0.9×')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByLabelText('Zoom 1.4×')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(screen.getByLabelText('Zoom 0.9×')).toBeInTheDocument();
  });
});

describe('PhotoCapture', () => {
  it("says 'No photos selected' when asked to upload without a photo, and sends nothing", async () => {
    const upload = vi.fn();
    render(<PhotoCapture subject="your photo ID" upload={upload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Upload photo' }));
    expect(screen.getByText('No photos selected')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it('offers the camera and a file, both for images only', () => {
    render(<PhotoCapture subject="your photo ID" upload={vi.fn()} />);
    const camera = screen.getByLabelText('Take a photo');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(screen.getByLabelText('Choose a photo')).not.toHaveAttribute('capture');
  });

  it('refuses a file that is not a picture', async () => {
    render(<PhotoCapture subject="your photo ID" upload={vi.fn()} />);
    await userEvent.upload(screen.getByLabelText('Choose a photo'), new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(await screen.findByText('We could not open that file as a photo. Please choose a JPEG or PNG photo.')).toBeInTheDocument();
  });
});
