import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChosenTime } from './SlotPicker';

// Issue 28 item 11: the vendor's time once, and the agent's own time with its zone by name.
describe('F-ENG-01 the chosen slot time', () => {
  const startsAt = '2026-12-02T16:30:00Z'; // 10:30 AM in Chicago

  it("shows the vendor's time and the agent's own time with the zone's name, labelled apart", () => {
    render(<ChosenTime startsAt={startsAt} vendorZone="America/Chicago" viewerZone="UTC" />);
    const zones = screen.getByTestId('slot-zones');
    expect(zones).toHaveTextContent("Vendor's time:10:30 AM CST");
    expect(zones).toHaveTextContent('Your time:4:30 PM UTC (Coordinated Universal Time)');
    expect(zones.textContent?.match(/10:30 AM/g)).toHaveLength(1);
  });

  it('says it once when the agent and the vendor share the time', () => {
    render(<ChosenTime startsAt={startsAt} vendorZone="America/Chicago" viewerZone="America/Chicago" />);
    expect(screen.getByTestId('slot-zones')).toHaveTextContent("Your time and the vendor's:10:30 AM CST (Central Standard Time)");
  });
});
