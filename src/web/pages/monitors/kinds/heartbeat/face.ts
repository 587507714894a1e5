// How lists and badges show the heartbeat kind: light enough for the dashboard's first screen.
import { HeartPulse } from 'lucide-react';
import { defineFace } from '../face';

export const heartbeatFace = defineFace({
  kind: 'heartbeat',
  label: 'Heartbeat',
  title: 'Heartbeat (cron job)',
  description: 'A job pings Upwatch on its schedule; a missing or failed run alerts.',
  icon: HeartPulse,
  tabs: [],
  untimed: true,
});
