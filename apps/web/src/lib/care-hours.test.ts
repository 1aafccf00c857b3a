import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE = join(__dirname, '..');
/** The one place the care team's hours are written (VITE_CARE_HOURS). */
const HOME = 'lib/config.ts';
/** Ways opening hours get written: '9am', '9:30 pm', 'Monday to Friday', 'seven days a week', '24/7'. */
const HOURS = /\b\d{1,2}(:\d{2})?\s?(am|pm)\b|monday to (friday|saturday|sunday)|seven days a week|24\/7|every day of the week/i;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('care hours', () => {
  it('are written in one place only: every page reads CARE_HOURS', () => {
    const elsewhere = sourceFiles(SOURCE)
      .map((path) => relative(SOURCE, path))
      .filter((path) => path !== HOME && HOURS.test(readFileSync(join(SOURCE, path), 'utf8')));
    expect(elsewhere).toEqual([]);
  });
});
