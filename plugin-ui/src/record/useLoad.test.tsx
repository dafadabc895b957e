import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useLoad, type Loaded } from './useLoad';

function setup(load: () => Promise<string[]>, enabled = true) {
  let last: Loaded<string[]> | null = null;
  function Probe() {
    const state = useLoad(load, enabled);
    last = state;
    return <p data-testid="probe">{`${state.data?.join(',') ?? '-'} ${state.failed ?? '-'}`}</p>;
  }
  render(<Probe />);
  return { last: () => last!, probe: () => screen.getByTestId('probe').textContent };
}

describe('useLoad', () => {
  it('reads once, and again on reload', async () => {
    let n = 0;
    const load = vi.fn(() => Promise.resolve([`v${++n}`]));
    const { last, probe } = setup(load);
    await waitFor(() => expect(probe()).toBe('v1 -'));
    act(() => last().reload());
    await waitFor(() => expect(probe()).toBe('v2 -'));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps the host's message when it cannot read", async () => {
    const load = () => Promise.reject({ code: 'PERMISSION-000', details: 'No tiene permiso', data: null });
    const { probe } = setup(load);
    await waitFor(() => expect(probe()).toBe('- No tiene permiso'));
  });

  it('asks nothing while disabled', () => {
    const load = vi.fn(() => Promise.resolve(['x']));
    const { probe } = setup(load, false);
    expect(load).not.toHaveBeenCalled();
    expect(probe()).toBe('- -');
  });
});
