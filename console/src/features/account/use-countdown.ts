// A seconds countdown for 'send again' buttons (spec 1 §4: 30 seconds after sending a code).
import { useCallback, useEffect, useState } from 'react';

export function useCountdown(): { left: number; start(seconds: number): void } {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const start = useCallback((seconds: number) => setLeft(seconds), []);
  return { left, start };
}
