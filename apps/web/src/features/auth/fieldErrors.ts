import type { z } from 'zod';
import { isApiError } from '../../lib/api';

/** First message per field from a failed zod parse: { email: 'Invalid email' }. */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The server's field messages ('body.email' → 'email'), so its checks show where the browser's do. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const issues = (error.details as { issues?: { field: string; message: string }[] } | undefined)?.issues ?? [];
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.field.replace(/^body\./, '')] ??= issue.message;
  const field = (error.details as { field?: string } | undefined)?.field;
  if (field) errors[field] ??= error.message;
  return errors;
}
