// How lists and badges show the ping kind: light enough for the dashboard's first screen.
import { Radio } from 'lucide-react';
import { formatMs } from '../../../../lib/format';
import { defineFace } from '../face';

export const pingFace = defineFace({
  kind: 'ping',
  label: 'Ping',
  title: 'Ping (ICMP)',
  description: 'A host answers ICMP echo requests, without too much packet loss.',
  icon: Radio,
  tabs: ['deployments', 'security'],
  // Uptime figures and the latest check's time are whole milliseconds, so a loopback's 0.05 ms
  // round trips arrive there as 0.
  formatLatency: (ms) => (ms === 0 ? '<1 ms' : formatMs(ms)),
});
