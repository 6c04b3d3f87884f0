import { vi } from 'vitest';
import type { LocalMedia } from './use-local-media';

/** Local media as a component test needs it: microphone and camera on, no stream, no device, spies for the actions. */
export const fakeLocalMedia = (over: Partial<LocalMedia> = {}): LocalMedia => ({
  stream: null,
  audioOn: true,
  videoOn: true,
  error: null,
  devices: [],
  audioDeviceId: undefined,
  videoDeviceId: undefined,
  toggleAudio: vi.fn(),
  toggleVideo: vi.fn(),
  chooseDevice: vi.fn(),
  clearError: vi.fn(),
  ...over,
});
