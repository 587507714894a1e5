// How lists and badges show the http kind: light enough for the dashboard's first screen.
import { Globe } from 'lucide-react';
import { defineFace } from '../face';

export const httpFace = defineFace({
  kind: 'http',
  label: 'HTTP',
  title: 'HTTP(S) website or API',
  description: 'A URL answers with the status you expect, optionally containing a keyword.',
  icon: Globe,
  tabs: ['performance', 'deployments', 'security'],
});
