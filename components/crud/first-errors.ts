import type { z } from 'zod';

/** Each field's first message from a failed parse (the path's first name), as a form shows one message per field. */
export function firstErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[String(issue.path[0] ?? '')] ??= issue.message;
  return out;
}
