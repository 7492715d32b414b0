import { useEffect, useState } from 'react';

/** `value` once it has stopped changing for `delay` ms (an empty value applies at once). */
export function useDebouncedValue(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === '') {
      setSettled('');
      return undefined;
    }
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
