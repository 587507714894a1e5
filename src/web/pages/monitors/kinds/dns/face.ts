// How lists and badges show the dns kind: light enough for the dashboard's first screen.
import { BookText } from 'lucide-react';
import { defineFace } from '../face';

export const dnsFace = defineFace({
  kind: 'dns',
  label: 'DNS',
  title: 'DNS record',
  description: 'A name resolves, optionally to the records you expect, from any resolver.',
  icon: BookText,
  tabs: ['deployments', 'security'],
});
