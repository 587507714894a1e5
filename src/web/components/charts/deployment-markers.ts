import type uPlot from 'uplot';
import './deployment-markers.css';

export interface ChartMarker {
  /** Position on the x scale, in the chart's own unit (uPlot's seconds for time axes). */
  x: number;
  /** Short text drawn at the top of the line: 'v1.4.2'. */
  label: string;
  /** The accessible name and tooltip: 'Deployment v1.4.2 via Vercel at Mar 3, 2025, 4:05 PM'. */
  description: string;
  failed?: boolean;
}

/**
 * A uPlot plugin drawing a labelled vertical line per marker over the plot area. Lines are DOM
 * elements in uPlot's overlay rather than canvas strokes, so each one has a tooltip and an
 * accessible name. `markers` is read on every redraw: a chart built once follows new markers
 * after `redraw()`.
 */
export function markerPlugin(markers: () => readonly ChartMarker[]): uPlot.Plugin {
  let layer: HTMLDivElement | null = null;

  const place = (u: uPlot) => {
    if (!layer) return;
    layer.replaceChildren();
    const min = u.scales.x?.min;
    const max = u.scales.x?.max;
    if (min === undefined || max === undefined) return;
    for (const marker of markers()) {
      if (marker.x < min || marker.x > max) continue;
      const element = document.createElement('div');
      const left = u.valToPos(marker.x, 'x');
      element.className = marker.failed ? 'chart-marker chart-marker-failed' : 'chart-marker';
      // Near the right edge the label goes left of its line, so it stays inside the plot.
      if (left > u.over.clientWidth * 0.75) element.classList.add('chart-marker-end');
      element.style.left = `${left}px`;
      element.setAttribute('role', 'note');
      element.setAttribute('aria-label', marker.description);
      element.title = marker.description;
      const label = document.createElement('span');
      label.className = 'chart-marker-label';
      label.textContent = marker.label;
      element.append(label);
      layer.append(element);
    }
  };

  return {
    hooks: {
      init: (u) => {
        layer = document.createElement('div');
        layer.className = 'chart-markers';
        u.over.append(layer);
      },
      draw: place,
      destroy: () => {
        layer?.remove();
        layer = null;
      },
    },
  };
}
