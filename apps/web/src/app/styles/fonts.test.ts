import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCES = join(__dirname, '../..');
const read = (path: string) => readFileSync(join(SOURCES, path), 'utf8');
const stylesheets = readdirSync(SOURCES, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.css'));

const NAMED_WEIGHTS: Record<string, number> = { normal: 400, bold: 700 };

function latinFaceWeights() {
  const faces = read('app/styles/fonts.css').split('@font-face');
  const latin = faces.find((face) => face.includes('inter-latin-wght-400-700.woff2')) ?? '';
  const [, low, high] = /font-weight:\s*(\d+)\s+(\d+)/.exec(latin) ?? [];
  return { low: Number(low), high: Number(high) };
}

function weightsUsed() {
  return stylesheets
    .filter((path) => !path.endsWith('fonts.css'))
    .flatMap((path) =>
      [...read(path).matchAll(/font-weight:\s*([a-z]+|\d+)/g)].map(([, value = '']) => ({
        path,
        weight: NAMED_WEIGHTS[value] ?? Number(value),
      })),
    );
}

describe('the trimmed Inter face', () => {
  it('declares the weights scripts/fonts/trim-inter.py keeps', () => {
    expect(latinFaceWeights()).toEqual({ low: 400, high: 700 });
  });

  // A weight outside the trimmed range would be drawn at the nearest one kept: regenerate the face before using it.
  it('covers every weight the styles ask for', () => {
    const { low, high } = latinFaceWeights();
    const used = weightsUsed();
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter(({ weight }) => !(weight >= low && weight <= high))).toEqual([]);
  });
});
