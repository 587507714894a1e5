import { useSession } from './session';
import { browserTimeZone } from './time-zones';

/** The viewer's time zone: the one saved in their profile, else the browser's. */
export function useTimeZone(): string {
  const { data } = useSession();
  return data?.user.timezone || browserTimeZone();
}
