import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsUser } from '../../test/render';
import { CallControls } from './call-controls';
import { fakeLocalMedia } from './hooks/local-media.fixtures';

function controls(over: Partial<Parameters<typeof CallControls>[0]> = {}) {
  const props = {
    media: fakeLocalMedia(),
    sharing: false,
    onScreen: vi.fn(),
    panelOpen: false,
    onPanel: vi.fn(),
    onSettings: vi.fn(),
    spin: null,
    recording: null,
    onHangUp: vi.fn(),
    ...over,
  };
  return { props, ...renderAsUser(<CallControls {...props} />) };
}

describe('the call controls', () => {
  it('mute the microphone and stop the camera, showing which is on', async () => {
    const { props, user } = controls({ media: fakeLocalMedia({ audioOn: true, videoOn: false }) });
    const mic = screen.getByRole('button', { name: 'Microphone' });
    const camera = screen.getByRole('button', { name: 'Camera' });
    expect(mic.getAttribute('aria-pressed')).toBe('true');
    expect(camera.getAttribute('aria-pressed')).toBe('false');
    await user.click(mic);
    await user.click(camera);
    expect(props.media.toggleAudio).toHaveBeenCalledOnce();
    expect(props.media.toggleVideo).toHaveBeenCalledOnce();
  });

  it('hang up', async () => {
    const { props, user } = controls();
    await user.click(screen.getByRole('button', { name: 'Hang up' }));
    expect(props.onHangUp).toHaveBeenCalledOnce();
  });

  it('share the screen where the browser can, and show the sharing as pressed', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { value: { getDisplayMedia: vi.fn() }, configurable: true });
    const { props, user } = controls({ sharing: true });
    const screenButton = screen.getByRole('button', { name: 'Screen share' });
    expect(screenButton.getAttribute('aria-pressed')).toBe('true');
    await user.click(screenButton);
    expect(props.onScreen).toHaveBeenCalledOnce();
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
  });

  it('offer no screen share where the browser cannot', () => {
    controls();
    expect(screen.queryByRole('button', { name: 'Screen share' })).toBeNull();
  });

  it('disable recording with its reason when the room has no SFU', () => {
    controls({ recording: { on: false, available: false, busy: false, toggle: vi.fn() } });
    const record = screen.getByRole('button', { name: 'Record the call' });
    expect((record as HTMLButtonElement).disabled).toBe(true);
    expect(record.getAttribute('aria-describedby')).toBe('recording-needs-sfu');
    expect(document.getElementById('recording-needs-sfu')?.textContent).toMatch(/SFU|server/i);
  });

  describe('tooltips', () => {
    /** A screen whose pointer hovers (a mouse) or not (a phone's finger), as CSS's `hover` media feature says. */
    const pointer = (hovers: boolean) =>
      Object.defineProperty(window, 'matchMedia', {
        configurable: true,
        value: (query: string) => ({
          matches: query.includes('hover: hover') ? hovers : false,
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          addListener: () => undefined,
          removeListener: () => undefined,
        }),
      });
    afterEach(() => Reflect.deleteProperty(window, 'matchMedia'));

    it('name a button on hover with a mouse', async () => {
      pointer(true);
      const { user } = controls();
      await user.hover(screen.getByRole('button', { name: 'Hang up' }));
      expect((await screen.findByRole('tooltip')).textContent).toBe('Hang up');
    });

    it('never open on a phone, where the tap’s mouse-over would leave one over the self-view', async () => {
      pointer(false);
      const { user } = controls();
      const hangUp = screen.getByRole('button', { name: 'Hang up' });
      await user.hover(hangUp);
      // Past the 100 ms after which a hovered button's tooltip opens.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(screen.queryByRole('tooltip')).toBeNull();
    });
  });
});
