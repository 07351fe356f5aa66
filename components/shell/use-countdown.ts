'use client';

import { useEffect, useState } from 'react';

/** One verification code per 60 s per address: blade/ refuses sooner sends (verify.tooSoon). */
export const RESEND_SECONDS = 60;

/** Seconds left before another code may be asked for; `start()` after a send the server accepted. */
export function useCountdown(seconds = RESEND_SECONDS) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return { left, start: () => setLeft(seconds) };
}
