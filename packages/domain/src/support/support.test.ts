import { describe, expect, it } from 'vitest';
import {
  newSupportThreadSchema,
  supportReplySchema,
  supportThreadStatus,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGE_TOO_LONG,
  SUPPORT_SUBJECT_MAX,
  SUPPORT_SUBJECT_TOO_LONG,
} from './support';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('a new support message', () => {
  it('needs a subject and a message, each reading Required when missing or blank', () => {
    expect(issues(newSupportThreadSchema.safeParse({}))).toEqual(['subject: Required', 'message: Required']);
    expect(issues(newSupportThreadSchema.safeParse({ subject: '   ', message: '\n' }))).toEqual(['subject: Required', 'message: Required']);
  });
  it('is kept trimmed', () => {
    expect(newSupportThreadSchema.parse({ subject: '  Delivery ', message: ' Where is it? ' })).toEqual({ subject: 'Delivery', message: 'Where is it?' });
  });
  it('takes a subject of up to 150 characters and a message of up to 5000', () => {
    expect(newSupportThreadSchema.safeParse({ subject: 'a'.repeat(SUPPORT_SUBJECT_MAX), message: 'b'.repeat(SUPPORT_MESSAGE_MAX) }).success).toBe(true);
    expect(issues(newSupportThreadSchema.safeParse({ subject: 'a'.repeat(SUPPORT_SUBJECT_MAX + 1), message: 'b'.repeat(SUPPORT_MESSAGE_MAX + 1) }))).toEqual([
      `subject: ${SUPPORT_SUBJECT_TOO_LONG}`,
      `message: ${SUPPORT_MESSAGE_TOO_LONG}`,
    ]);
  });
  it('refuses a NUL character', () => {
    expect(supportReplySchema.safeParse({ message: 'a\u0000b' }).success).toBe(false);
  });
});

describe('a conversation status', () => {
  it('waits for the clinic after a patient message and is answered after a clinic one', () => {
    expect(supportThreadStatus('patient')).toBe('awaiting_clinic');
    expect(supportThreadStatus('clinic')).toBe('answered');
  });
});
