import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeRun } from '../../test/performance';
import { renderInRouter } from '../../test/render-in-router';
import { RunsTable } from './runs-table';

describe('the runs table', async () => {
  it('scrolls sideways in a region a keyboard can reach, as a phone needs (axe: scrollable-region-focusable)', async () => {
    renderInRouter(<RunsTable runs={[makeRun()]} />);
    const region = await screen.findByRole('region', { name: 'Runs, scrollable' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toContainElement(screen.getByRole('table', { name: 'Runs' }));
  });
});
