import { useEffect, useState } from 'react';

const QUERY = '(prefers-color-scheme: dark)';

/** 'dark' or 'light', following the system setting as the stylesheet does. */
export function useColorScheme(): 'dark' | 'light' {
  const [dark, setDark] = useState(() => window.matchMedia?.(QUERY).matches ?? false);
  useEffect(() => {
    const media = window.matchMedia?.(QUERY);
    if (!media) return;
    const onChange = () => setDark(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return dark ? 'dark' : 'light';
}
