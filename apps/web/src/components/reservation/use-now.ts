import { useEffect, useState } from 'react';

/** The current time, refreshed on an interval, so a picker's earliest slot moves forward while it is open. */
export function useNow(intervalMs = 15_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
