// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '../../../src/app/shared/Modal.tsx';
import { createTypeahead } from '../../../src/app/shared/typeahead.ts';
import { AlertStack } from '../../../src/app/shared/AlertStack.tsx';
import { ErrorPlaceholder } from '../../../src/app/shared/ErrorPlaceholder.tsx';
import { $alerts, showAlert } from '../../../src/stores/alerts.ts';
import {
  ERROR_PLACEHOLDER_ALERT_DELAY_MS,
  MENU_TYPEAHEAD_RESET_MS,
  MODAL_HIDE_MS,
} from '../../../src/shared/constants.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  $alerts.set([]);
});

describe('Modal', () => {
  it('stays in the page for 200 ms after closing, then hides', async () => {
    const view = (open: boolean) => (
      <Modal isOpen={open} onClose={() => {}} title="Hello">
        <p>Body</p>
      </Modal>
    );
    // The open modal's React Aria part is its own chunk (ModalPanel.tsx), drawn once it has loaded.
    await import('../../../src/app/shared/ModalPanel.tsx');
    let rerender: (ui: React.ReactNode) => void = () => {};
    await act(async () => {
      rerender = render(view(true)).rerender;
      // The lazy panel's import, of a module loaded above, settles in a microtask.
      await Promise.resolve();
    });
    expect(screen.getByRole('dialog', { name: 'Hello' })).toBeTruthy();
    rerender(view(false));
    void act(() => vi.advanceTimersByTime(MODAL_HIDE_MS - 1));
    expect(screen.queryByText('Body')).not.toBeNull();
    void act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Body')).toBeNull();
  });
});

describe('type-ahead', () => {
  function List() {
    const onKeyDownCapture = createTypeahead('[role="menuitem"]');
    return (
      <div onKeyDownCapture={onKeyDownCapture} role="menu">
        {['Billing', 'Feedback', 'Profile', 'Labels', 'Sign out'].map((label) => (
          <div key={label} role="menuitem" tabIndex={-1}>
            {label}
          </div>
        ))}
      </div>
    );
  }

  it('moves focus by typed prefix and forgets the prefix after 350 ms', () => {
    render(<List />);
    const menu = screen.getByRole('menu');
    fireEvent.keyDown(menu, { key: 'p' });
    expect(document.activeElement?.textContent).toBe('Profile');
    void act(() => vi.advanceTimersByTime(MENU_TYPEAHEAD_RESET_MS));
    fireEvent.keyDown(menu, { key: 's' });
    expect(document.activeElement?.textContent).toBe('Sign out');
    fireEvent.keyDown(menu, { key: 'i' });
    // Within 350 ms the prefix grows: "si" still names Sign out, not a new "i" search.
    expect(document.activeElement?.textContent).toBe('Sign out');
    void act(() => vi.advanceTimersByTime(MENU_TYPEAHEAD_RESET_MS));
    fireEvent.keyDown(menu, { key: 'l' });
    expect(document.activeElement?.textContent).toBe('Labels');
  });
});

describe('alerts and the error placeholder', () => {
  it('shows alerts in a region, errors as role=alert', () => {
    render(<AlertStack />);
    void act(() => {
      showAlert('error', 'Broken');
      showAlert('success', 'Done');
    });
    expect(screen.getByRole('alert').textContent).toContain('Broken');
    expect(screen.getByRole('status').textContent).toContain('Done');
  });

  it('says what failed and raises the server message after 100 ms', () => {
    render(<ErrorPlaceholder name="measurement" error={{ body: { message: 'Measurement not found' } }} />);
    expect(screen.getByText('An error occurred fetching the selected measurement')).toBeTruthy();
    void act(() => vi.advanceTimersByTime(ERROR_PLACEHOLDER_ALERT_DELAY_MS - 1));
    expect($alerts.get()).toHaveLength(0);
    void act(() => vi.advanceTimersByTime(1));
    expect($alerts.get().at(-1)).toMatchObject({ type: 'error', message: 'Measurement not found' });
  });
});
