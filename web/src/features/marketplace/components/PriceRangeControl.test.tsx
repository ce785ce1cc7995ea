import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { SEARCH_DEBOUNCE_MS } from '../model/filters';
import { PriceRangeControl } from './FilterPanel';

const range = { min: 0, max: 2500, step: 27 };
const money = (cents: number) => `$${cents / 100}`;

describe('F-CAT-03 price sliders', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keep a move made while their previous commit was on its way back, and commit it in turn', () => {
    const onCommit = vi.fn();
    const props = { range, max: null, money, onCommit };
    const { rerender } = render(<PriceRangeControl {...props} min={null} />);
    const slider = screen.getByRole('slider', { name: 'Minimum price' });

    fireEvent.change(slider, { target: { value: '27' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onCommit).toHaveBeenLastCalledWith(27, null);

    // The user moves on before the page has re-rendered with the committed 27 (a slow phone).
    fireEvent.change(slider, { target: { value: '54' } });
    rerender(<PriceRangeControl {...props} min={27} />);
    expect(slider).toHaveValue('54');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onCommit).toHaveBeenLastCalledWith(54, null);
    expect(onCommit).toHaveBeenCalledTimes(2);
  });

  it('follow a change made elsewhere (a removed chip, Clear all, Back)', () => {
    const onCommit = vi.fn();
    const props = { range, max: null, money, onCommit };
    const { rerender } = render(<PriceRangeControl {...props} min={null} />);
    const slider = screen.getByRole('slider', { name: 'Minimum price' });
    fireEvent.change(slider, { target: { value: '108' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    rerender(<PriceRangeControl {...props} min={108} />);
    expect(slider).toHaveValue('108');

    rerender(<PriceRangeControl {...props} min={null} />);
    expect(slider).toHaveValue('0');
    // Back: the value this control once committed is now a change from elsewhere.
    rerender(<PriceRangeControl {...props} min={108} />);
    expect(slider).toHaveValue('108');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onCommit).toHaveBeenCalledTimes(1);
  });
});
