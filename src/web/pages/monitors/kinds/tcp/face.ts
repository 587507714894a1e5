// How lists and badges show the tcp kind: light enough for the dashboard's first screen.
import { Network } from 'lucide-react';
import { defineFace } from '../face';

export const tcpFace = defineFace({
  kind: 'tcp',
  label: 'TCP',
  title: 'TCP port',
  description: 'A host accepts connections on a port, optionally over TLS and answering as expected.',
  icon: Network,
  tabs: ['deployments', 'security'],
});
