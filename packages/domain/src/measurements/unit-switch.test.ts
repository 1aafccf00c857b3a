import { describe, expect, it } from 'vitest';
import { convertHeightFields, convertWeightFields } from './unit-switch';
import { feetInchesToCm, kgToStoneLbs, stoneLbsToKg } from './units';

describe('convertWeightFields', () => {
  it('turns kg into whole stone and pounds to one decimal', () => {
    expect(convertWeightFields({ kg: '90' }, 'kg', 'st-lbs')).toEqual({ kg: '90', stone: '14', lbs: '2.4' });
  });

  it('turns stone and pounds into kg to one decimal', () => {
    expect(convertWeightFields({ stone: '14', lbs: '2' }, 'st-lbs', 'kg')).toEqual({ stone: '14', lbs: '2', kg: '89.8' });
  });

  it('keeps the other fields as they were when there is nothing valid to convert', () => {
    expect(convertWeightFields({ kg: '' }, 'kg', 'st-lbs')).toEqual({ kg: '' });
    expect(convertWeightFields({ kg: '445' }, 'kg', 'st-lbs')).toEqual({ kg: '445' });
    expect(convertWeightFields({ stone: '14' }, 'st-lbs', 'kg')).toEqual({ stone: '14' });
    expect(convertWeightFields({ stone: '14', lbs: '15' }, 'st-lbs', 'kg')).toEqual({ stone: '14', lbs: '15' });
  });

  it('does nothing when the unit stays', () => {
    const fields = { kg: '80' };
    expect(convertWeightFields(fields, 'kg', 'kg')).toBe(fields);
  });

  it.each(['40', '63.5', '89.9', '90', '101.3', '152.4', '250', '444.9'])('round-trips %s kg through st/lbs to 0.1 kg', (kg) => {
    const imperial = convertWeightFields({ kg }, 'kg', 'st-lbs');
    const back = convertWeightFields({ stone: imperial.stone, lbs: imperial.lbs }, 'st-lbs', 'kg');
    expect(Math.abs(Number(back.kg) - Number(kg))).toBeLessThanOrEqual(0.1);
  });

  it.each([
    [6, 0],
    [11, 7],
    [14, 2],
    [20, 13.5],
    [40, 0.5],
  ])('round-trips %s st %s lb through kg to 0.1 kg', (stone, lbs) => {
    const metric = convertWeightFields({ stone: String(stone), lbs: String(lbs) }, 'st-lbs', 'kg');
    const back = convertWeightFields({ kg: metric.kg }, 'kg', 'st-lbs');
    expect(Math.abs(stoneLbsToKg(Number(back.stone), Number(back.lbs)) - stoneLbsToKg(stone, lbs))).toBeLessThanOrEqual(0.1);
  });

  it('carries 14 lb into the next stone', () => {
    expect(kgToStoneLbs(stoneLbsToKg(12, 13.97))).toEqual({ stone: 13, lbs: 0 });
  });
});

describe('switching back without an edit', () => {
  it('restores exactly what was typed', () => {
    const imperial = convertHeightFields({ cm: '170' }, 'cm', 'ft-in');
    expect(imperial).toMatchObject({ feet: '5', inches: '6.9' });
    expect(convertHeightFields(imperial, 'ft-in', 'cm').cm).toBe('170');
    const stone = convertWeightFields({ kg: '95' }, 'kg', 'st-lbs');
    expect(convertWeightFields(stone, 'st-lbs', 'kg').kg).toBe('95');
  });

  it('converts again once the other unit was edited', () => {
    const stone = { ...convertWeightFields({ kg: '95' }, 'kg', 'st-lbs'), lbs: '0' };
    expect(convertWeightFields(stone, 'st-lbs', 'kg').kg).toBe('88.9');
  });
});

describe('convertHeightFields', () => {
  it('turns cm into whole feet and inches to one decimal, and back', () => {
    expect(convertHeightFields({ cm: '178' }, 'cm', 'ft-in')).toEqual({ cm: '178', feet: '5', inches: '10.1' });
    expect(convertHeightFields({ feet: '5', inches: '10' }, 'ft-in', 'cm')).toEqual({ feet: '5', inches: '10', cm: '177.8' });
  });

  it('keeps the fields when the height is incomplete or out of range', () => {
    expect(convertHeightFields({ cm: '80' }, 'cm', 'ft-in')).toEqual({ cm: '80' });
    expect(convertHeightFields({ feet: '5' }, 'ft-in', 'cm')).toEqual({ feet: '5' });
  });

  it.each(['90', '152.4', '170', '199.9', '230'])('round-trips %s cm through ft/in to 0.2 cm', (cm) => {
    const imperial = convertHeightFields({ cm }, 'cm', 'ft-in');
    expect(Math.abs(feetInchesToCm(Number(imperial.feet), Number(imperial.inches)) - Number(cm))).toBeLessThanOrEqual(0.2);
  });
});
