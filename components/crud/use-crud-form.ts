'use client';

import { useCallback, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { firstErrors } from './first-errors';
import type { FormValues } from './types';

export interface CrudFormState<T extends FormValues = FormValues> {
  values: T;
  errors: Partial<Record<string, string>>;
  setValue: (name: string, value: unknown) => void;
  /** Validates one field against the whole schema (cross-field rules see every value); shows its first message. */
  blur: (name: string) => void;
  /** Validates everything and shows every field's message; resolves the parsed output or null. */
  validate: () => z.output<z.ZodType> | null;
  reset: (values: T) => void;
}

/**
 * State of one form: values, on-blur validation through a zod schema, and a full check on submit. Messages come
 * from the schema, so the schema factory receives the translator and carries the spec's exact texts.
 */
export function useCrudForm<T extends FormValues>(schema: z.ZodType, initial: T): CrudFormState<T> {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  // blur() may run in the same tick as the last change: it reads the newest values (kept by setValue and reset).
  const latest = useRef(values);

  const setValue = useCallback(
    (name: string, value: unknown) => {
      const next = { ...latest.current, [name]: value };
      latest.current = next;
      setValues(next);
      // A field that was wrong and is being corrected: re-check as the user types.
      setErrors((prev) => {
        if (!prev[name]) return prev;
        const result = schema.safeParse(next);
        const message = result.success ? undefined : firstErrors(result.error)[name];
        return { ...prev, [name]: message };
      });
    },
    [schema],
  );

  const blur = useCallback(
    (name: string) => {
      const result = schema.safeParse(latest.current);
      const message = result.success ? undefined : firstErrors(result.error)[name];
      setErrors((prev) => ({ ...prev, [name]: message }));
    },
    [schema],
  );

  const validate = useCallback(() => {
    const result = schema.safeParse(latest.current);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(firstErrors(result.error));
    return null;
  }, [schema]);

  const reset = useCallback((next: T) => {
    latest.current = next;
    setValues(next);
    setErrors({});
  }, []);

  return useMemo(
    () => ({ values, errors, setValue, blur, validate, reset }),
    [values, errors, setValue, blur, validate, reset],
  );
}
