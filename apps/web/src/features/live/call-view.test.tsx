import type { LiveRoomInfo } from '@forecourt/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsUser } from '../../test/render';
import { CallView } from './call-view';
import { fakeLocalMedia } from './hooks/local-media.fixtures';
import type { CallSnapshot, MediaTransport } from './transport/media-transport';

const room: LiveRoomInfo = {
  id_live_video: 'room-1',
  session_name: 'Golf handover',
  room_name: 'golf-handover',
  appointment_date: '2026-11-29 15:00:00',
  link: 'https://portal.test/live/golf',
  ownerName: 'Demo dealer',
  logoUrl: null,
  contactInformations: [],
  vehicle: null,
  ended: false,
};

/** A call the dealer is alone in: connected, nobody else yet. */
function aloneInCall(): MediaTransport {
  const snap: CallSnapshot = {
    connection: 'connected',
    self: { id: 'me', identity: 'Dealer', host: true } as CallSnapshot['self'],
    participants: [],
    spin: null,
    recording: false,
  };
  return {
    join: vi.fn(),
    publish: vi.fn(),
    replaceTrack: vi.fn(() => Promise.resolve()),
    unpublish: vi.fn(),
    setMediaState: vi.fn(),
    setSpin: vi.fn(),
    audioLevels: () => Promise.resolve(new Map()),
    leave: vi.fn(),
    subscribe: () => () => undefined,
    snapshot: () => snap,
    on: () => () => undefined,
  };
}

/** A screen of this width, as CSS's `max-width` media feature sees it; `resize` changes it as a turned phone does. */
function screenOfWidth(initial: number) {
  let width = initial;
  const lists = new Set<{ query: string; listener: () => void }>();
  const matches = (query: string) => width <= Number(/max-width:\s*(\d+)px/.exec(query)?.[1] ?? Infinity);
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      get matches() {
        return matches(query);
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => lists.add({ query, listener }),
      removeEventListener: (_: string, listener: () => void) =>
        lists.forEach((l) => l.listener === listener && lists.delete(l)),
    }),
  });
  return {
    resize(next: number) {
      const before = new Map([...lists].map((l) => [l, matches(l.query)]));
      width = next;
      act(() => before.forEach((was, l) => was !== matches(l.query) && l.listener()));
    },
  };
}

const renderCall = () =>
  renderAsUser(
    <CallView
      room={room}
      transport={aloneInCall()}
      media={fakeLocalMedia()}
      selfName="Dealer"
      emailSender={null}
      recordable={false}
      onHangUp={vi.fn()}
    />,
  );

describe('the call, alone in it', () => {
  afterEach(() => Reflect.deleteProperty(window, 'matchMedia'));

  it('on a 390 px phone shows the waiting message with the participants panel closed, until asked for', async () => {
    screenOfWidth(390);
    const { user } = renderCall();
    expect(screen.getByText('Waiting for the other participants…')).toBeTruthy();
    const toggle = await screen.findByRole('button', { name: 'Participants' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('complementary')).toBeNull();

    await user.click(toggle);
    expect(screen.getByRole('complementary', { name: /participant/i })).toBeTruthy();
    expect(screen.getByText('Waiting for the other participants…')).toBeTruthy();
  });

  it('opens the panel on a wide screen, and closes it when the window narrows to a phone’s width', async () => {
    const display = screenOfWidth(1440);
    renderCall();
    expect(await screen.findByRole('complementary', { name: /participant/i })).toBeTruthy();

    display.resize(390);
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
    expect(screen.getByRole('button', { name: 'Participants' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('Waiting for the other participants…')).toBeTruthy();

    display.resize(1280);
    expect(await screen.findByRole('complementary', { name: /participant/i })).toBeTruthy();
  });
});
