import { describe, expect, it } from 'vitest';
import { drawPlan } from './cropImage';

describe('drawPlan', () => {
  it('draws a crop inside the photo onto the whole output', () => {
    expect(drawPlan({ x: 40, y: 0, width: 400, height: 600 }, { width: 480, height: 640 }, { width: 800, height: 1200 })).toEqual({
      source: { x: 40, y: 0, width: 400, height: 600 },
      target: { x: 0, y: 0, width: 800, height: 1200 },
    });
  });

  it('zoomed out past the photo, draws the whole photo in proportion and leaves the rest of the frame white', () => {
    // A 480×640 photo at the whole-photo zoom of a 2:3 frame: the crop is 480 wide and 720 high, 40 above and below.
    expect(drawPlan({ x: 0, y: -40, width: 480, height: 720 }, { width: 480, height: 640 }, { width: 800, height: 1200 })).toEqual({
      source: { x: 0, y: 0, width: 480, height: 640 },
      target: { x: 0, y: expect.closeTo(66.67, 2), width: 800, height: expect.closeTo(1066.67, 2) },
    });
  });

  it('draws nothing for a crop moved off the photo', () => {
    expect(drawPlan({ x: 500, y: 0, width: 100, height: 150 }, { width: 480, height: 640 }, { width: 800, height: 1200 })).toBeNull();
  });
});
