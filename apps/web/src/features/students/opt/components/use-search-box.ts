import { useEffect, useState } from 'react';

/** A text filter typed freely and written to the address after a short pause. */
export function useSearchBox(value: string, commit: (v: string) => void): [string, (v: string) => void] {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const id = window.setTimeout(() => commit(text.trim()), 350);
    return () => window.clearTimeout(id);
  }, [text]); // eslint-disable-line react-hooks/exhaustive-deps
  return [text, setText];
}
