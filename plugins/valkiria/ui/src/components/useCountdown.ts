import { useEffect, useState } from 'react';

/**
 * The clock of a sitting of `minutes`: `left` (whole seconds, ticking each second, 0 at the end)
 * and `spent()` (the seconds spent so far, at most the time allowed), counted from the mount.
 */
export function useCountdown(minutes: number) {
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const allowed = minutes * 60;

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const left = Math.max(0, allowed - Math.floor((now - started) / 1000));
  const spent = () => Math.min(allowed, Math.max(0, Math.round((Date.now() - started) / 1000)));
  return { left, spent };
}
