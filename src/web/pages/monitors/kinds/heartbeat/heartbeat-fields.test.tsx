import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { HeartbeatFields, type HeartbeatFieldValues } from './heartbeat-fields';

function Harness() {
  const [value, setValue] = useState<HeartbeatFieldValues>({
    periodSeconds: 300,
    cron: null,
    timezone: 'UTC',
    graceSeconds: 120,
  });
  return <HeartbeatFields value={value} onChange={setValue} />;
}

describe('HeartbeatFields', () => {
  it('switches from a period to a cron schedule and says why a cron is invalid', () => {
    render(<Harness />);
    expect(screen.getByLabelText('Period (minutes)')).toHaveValue(5);
    fireEvent.click(screen.getByLabelText('On a cron schedule'));
    const cron = screen.getByLabelText('Cron expression');
    fireEvent.change(cron, { target: { value: '61 * * * *' } });
    expect(screen.getByText(/Not a valid cron expression: Invalid value for minute: 61/)).toBeInTheDocument();
    fireEvent.change(cron, { target: { value: '*/5 * * * *' } });
    expect(screen.queryByText(/Not a valid cron expression/)).toBeNull();
    expect(screen.getByLabelText('Time zone')).toHaveValue('UTC');
  });
});
