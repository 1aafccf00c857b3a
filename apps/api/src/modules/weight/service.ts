import {
  FUTURE_MEASUREMENT_MESSAGE,
  isFutureMeasurement,
  readWeightLog,
  weightLogBmi,
  type WeightLogBody,
  type WeightLogEntry,
  type WeightLogs,
  type WeightPoint,
  type WeightUnit,
} from '@elmwood/domain';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { deleteEntry, entriesOf, insertEntry, insertKeyedEntry, latestGoal, latestHeightCm, ownEntry, preferredUnit, savePreferredUnit, updateEntry, type NewWeightLog, type WeightLogRow } from './repo';

export const WEIGHT_LOG_NOT_FOUND_MESSAGE = 'We could not find that weight.';
export const WEIGHT_FROM_ANSWERS_MESSAGE = 'This weight is part of the answers you gave the clinic, so it stays as it is. Log a new weight instead.';

/** A consultation's or check-in's point is part of the clinical record the prescriber read: the patient adds, never rewrites. */
function refuseClinicalRecord(row: WeightLogRow): void {
  if (row.source !== 'patient') throw new AppError(409, 'WEIGHT_FROM_ANSWERS', WEIGHT_FROM_ANSWERS_MESSAGE);
}

const asUnit = (unit: string | null): WeightUnit => (unit === 'st-lbs' ? 'st-lbs' : 'kg');

function invalid(issues: { path: (string | number)[]; message: string }[]): AppError {
  const fields = issues.map((issue) => ({ field: ['body', ...issue.path.map(String)].join('.'), message: issue.message }));
  return new AppError(400, 'VALIDATION_ERROR', `${fields[0]!.field}: ${fields[0]!.message}`, { issues: fields });
}

function toEntry(row: WeightLogRow): WeightLogEntry {
  return {
    id: row.id,
    measuredAt: row.measuredAt.toISOString(),
    weightKg: row.weightKg,
    goalWeightKg: row.goalKg,
    heightCm: row.heightCm,
    bmi: row.bmi,
    unit: row.weightUnit === null ? null : asUnit(row.weightUnit),
    source: row.source as WeightLogEntry['source'],
  };
}

export interface WeightServiceOptions {
  db: Db;
  now: () => Date;
}

export function createWeightService({ db, now }: WeightServiceOptions) {
  /**
   * The entry's columns from a checked body; BMI from its height, else the patient's latest. Editing (`current`)
   * changes only what the list gives: an edited weight keeps the goal the same entry holds (a consultation's), and
   * a height not given again stays.
   */
  async function valuesFrom(customerId: number, body: WeightLogBody, current?: WeightLogRow): Promise<Omit<NewWeightLog, 'customerId' | 'source' | 'measuredAt'> & { measuredAt?: Date }> {
    const read = readWeightLog(body.items);
    if (!read.ok) throw invalid(read.issues);
    const measuredAt = body.measuredAt === undefined ? undefined : new Date(body.measuredAt);
    if (measuredAt && isFutureMeasurement(measuredAt, now())) throw invalid([{ path: ['measuredAt'], message: FUTURE_MEASUREMENT_MESSAGE }]);
    const { weight, goal, height } = read.log;
    const heightCm = height?.cm ?? current?.heightCm ?? (await latestHeightCm(db, customerId, current?.id));
    const weightKg = weight?.kg ?? current?.weightKg ?? null;
    return {
      ...(measuredAt ? { measuredAt } : {}),
      weightKg,
      weightUnit: weight?.unit ?? current?.weightUnit ?? null,
      goalKg: goal?.kg ?? current?.goalKg ?? null,
      goalUnit: goal?.unit ?? current?.goalUnit ?? null,
      heightCm: height?.cm ?? current?.heightCm ?? null,
      heightUnit: height?.unit ?? current?.heightUnit ?? null,
      bmi: weightLogBmi(weightKg, heightCm),
    };
  }

  return {
    async list(customerId: number, range: { from?: string; to?: string }): Promise<WeightLogs> {
      const [rows, unit] = await Promise.all([entriesOf(db, customerId), preferredUnit(db, customerId)]);
      const all: WeightPoint[] = rows
        .filter((row) => row.weightKg !== null)
        .map((row) => ({
          id: row.id,
          measuredAt: row.measuredAt.toISOString(),
          weightKg: row.weightKg!,
          unit: asUnit(row.weightUnit),
          heightCm: row.heightCm,
          bmi: row.bmi,
          source: row.source as WeightPoint['source'],
        }));
      const from = range.from ? new Date(range.from).getTime() : -Infinity;
      const to = range.to ? new Date(range.to).getTime() : Infinity;
      const goal = latestGoal(rows);
      const height = rows.findLast((row) => row.heightCm !== null);
      const preferred = asUnit(unit);
      return {
        points: all.filter((point) => Date.parse(point.measuredAt) >= from && Date.parse(point.measuredAt) <= to),
        goalWeightKg: goal?.goalKg ?? null,
        startingWeightKg: all[0]?.weightKg ?? null,
        startingDate: all[0]?.measuredAt ?? null,
        endingDate: all.at(-1)?.measuredAt ?? null,
        heightCm: height?.heightCm ?? null,
        preferredUnit: preferred,
        imperial: preferred === 'st-lbs',
      };
    },

    /** `clientKey`: the device's Idempotency-Key; the same key again answers with the entry it first made. */
    async create(customerId: number, body: WeightLogBody, clientKey?: string): Promise<WeightLogEntry> {
      const { measuredAt = now(), ...values } = await valuesFrom(customerId, body);
      const entry = { ...values, measuredAt, customerId, source: 'patient' };
      const row = clientKey === undefined ? await insertEntry(db, entry) : await insertKeyedEntry(db, { ...entry, clientKey });
      return toEntry(row!);
    },

    async update(customerId: number, id: string, body: WeightLogBody): Promise<WeightLogEntry> {
      const current = await ownEntry(db, customerId, id);
      if (!current) throw notFound(WEIGHT_LOG_NOT_FOUND_MESSAGE);
      refuseClinicalRecord(current);
      const row = await updateEntry(db, customerId, id, await valuesFrom(customerId, body, current));
      if (!row) throw notFound(WEIGHT_LOG_NOT_FOUND_MESSAGE);
      return toEntry(row);
    },

    async remove(customerId: number, id: string): Promise<void> {
      const current = await ownEntry(db, customerId, id);
      if (!current) throw notFound(WEIGHT_LOG_NOT_FOUND_MESSAGE);
      refuseClinicalRecord(current);
      if (!(await deleteEntry(db, customerId, id))) throw notFound(WEIGHT_LOG_NOT_FOUND_MESSAGE);
    },

    async setPreferredUnit(customerId: number, weightUnit: WeightUnit): Promise<{ weightUnit: WeightUnit }> {
      await savePreferredUnit(db, customerId, weightUnit);
      return { weightUnit };
    },
  };
}

export type WeightService = ReturnType<typeof createWeightService>;
