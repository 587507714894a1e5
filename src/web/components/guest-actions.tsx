import { Link } from '@tanstack/react-router';
import { Button } from './ui/button';

/** The header's Sign in / Sign up pair for visitors without a session. */
export function GuestActions() {
  return (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link to="/signin">Sign in</Link>
      </Button>
      <Button asChild size="sm">
        <Link to="/signup">Sign up</Link>
      </Button>
    </>
  );
}
