import type { SfuServerData } from '@forecourt/contracts';
import { describe, expect, it, vi } from 'vitest';
import { VIDEOROOM_EVENT } from '../../../platform/janus/janus-gateway';
import { LAYER_SWITCH, SfuParticipant } from './sfu-participant';
import { FakeJanus, settle } from './sfu.fixtures';

const ME = { id: 'me_participant1', identity: 'Camille', host: true };
const ROOM = { janusRoom: 42, pin: 'the-pin' };

async function started(janus = new FakeJanus()) {
  const sent: SfuServerData[] = [];
  const errors: unknown[] = [];
  const p = new SfuParticipant(janus, ROOM, ME, (err) => errors.push(err));
  await p.start();
  p.attach((d) => sent.push(d));
  await settle();
  return { janus, p, sent, errors, camera: janus.handles[0]! };
}

describe('SfuParticipant', () => {
  it('joins as the named camera publisher with the PIN and subscribes to the others already publishing, not to itself', async () => {
    const janus = new FakeJanus();
    janus.publishers = [
      { feed: 7, display: 'other_person1:camera' },
      { feed: 8, display: 'other_person1:screen' },
      { feed: 9, display: 'me_participant1:screen' },
      { feed: 10, display: 'not a participant' },
    ];
    const { sent } = await started(janus);
    expect(janus.callsOf('joinPublisher')).toEqual([{ room: 42, display: 'me_participant1:camera', pin: 'the-pin' }]);
    expect(janus.callsOf('joinSubscriber')).toEqual([
      { room: 42, streams: [{ feed: 7 }], pin: 'the-pin' },
      { room: 42, streams: [{ feed: 8 }], pin: 'the-pin' },
    ]);
    expect(sent).toEqual([
      { op: 'offer', pc: 's1', from: 'other_person1', feed: 'camera', jsep: { type: 'offer', sdp: 'offer of 7' } },
      { op: 'offer', pc: 's2', from: 'other_person1', feed: 'screen', jsep: { type: 'offer', sdp: 'offer of 8' } },
    ]);
  });

  it('publishes the camera and the screen, and reports a publication Janus refuses', async () => {
    const { janus, p, sent } = await started();
    await p.receive({ op: 'publish', feed: 'camera', jsep: { type: 'offer', sdp: 'cam' } });
    await p.receive({ op: 'publish', feed: 'screen', jsep: { type: 'offer', sdp: 'scr' } });
    expect(sent).toEqual([
      { op: 'answer', pc: 'camera', jsep: { type: 'answer', sdp: 'answer to cam' } },
      { op: 'answer', pc: 'screen', jsep: { type: 'answer', sdp: 'answer to scr' } },
    ]);
    expect(janus.callsOf('joinConfigurePublisher')).toMatchObject([
      { room: 42, display: 'me_participant1:screen', pin: 'the-pin', video: true, audio: false },
    ]);
    await p.receive({ op: 'unpublish', feed: 'screen' });
    expect(janus.handles[1]!.detached).toBe(true);
    janus.failures.set('publish', new Error('Janus refused'));
    await p.receive({ op: 'publish', feed: 'camera', jsep: { type: 'offer', sdp: 'cam2' } });
    expect(sent.at(-1)).toEqual({ op: 'failed', pc: 'camera' });
  });

  it('starts a subscription with the answer, trickles to the right handle, and sets the layer asked of that camera', async () => {
    const janus = new FakeJanus();
    janus.publishers = [{ feed: 7, display: 'other_person1:camera' }];
    const { p, camera } = await started(janus);
    const sub = janus.handles[1]!;
    await p.receive({ op: 'layer', of: 'other_person1', layer: 'low' });
    await p.receive({ op: 'answer', pc: 's1', jsep: { type: 'answer', sdp: 'ans' } });
    expect(sub.calls.map((c) => c.method)).toEqual(['joinSubscriber', 'configure', 'start', 'configure']);
    expect(sub.calls.at(-1)!.params).toEqual({ streams: [{ mid: '1', substream: 0 }] });
    await p.receive({ op: 'layer', of: 'other_person1', layer: 'high' });
    expect(sub.calls.at(-1)!.params).toEqual({ streams: [{ mid: '1', substream: 2 }] });
    await p.receive({ op: 'candidate', pc: 's1', candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.1 9 typ host' } });
    await p.receive({ op: 'candidate', pc: 'camera', candidate: null });
    await settle();
    expect(sub.calls.at(-1)).toEqual({
      method: 'trickle',
      params: { candidate: 'candidate:1 1 udp 1 10.0.0.1 9 typ host' },
    });
    expect(camera.calls.at(-1)).toEqual({ method: 'trickleComplete', params: undefined });
  });

  it('asks Janus again for a layer it has not switched to (the keyframe request lost), three times at most', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const janus = new FakeJanus();
      janus.publishers = [{ feed: 7, display: 'other_person1:camera' }];
      const { p } = await started(janus);
      const sub = janus.handles[1]!;
      await p.receive({ op: 'answer', pc: 's1', jsep: { type: 'answer', sdp: 'ans' } });
      const asked = () =>
        sub.calls.filter(
          (c) =>
            c.method === 'configure' &&
            JSON.stringify(c.params) === JSON.stringify({ streams: [{ mid: '1', substream: 0 }] }),
        ).length;
      // The first request's switch is lost, the second's happens: asked twice, then no more.
      janus.lostSwitches = 1;
      await p.receive({ op: 'layer', of: 'other_person1', layer: 'low' });
      expect(asked()).toBe(1);
      await vi.advanceTimersByTimeAsync(LAYER_SWITCH.waitMs);
      expect(asked()).toBe(2);
      await vi.advanceTimersByTimeAsync(LAYER_SWITCH.waitMs * 4);
      expect(asked()).toBe(2);
      // A switch that never happens is asked for LAYER_SWITCH.attempts times, then left to Janus.
      janus.lostSwitches = 10;
      await p.receive({ op: 'layer', of: 'other_person1', layer: 'high' });
      await vi.advanceTimersByTimeAsync(LAYER_SWITCH.waitMs * 6);
      const high = sub.calls.filter(
        (c) => JSON.stringify(c.params) === JSON.stringify({ streams: [{ mid: '1', substream: 2 }] }),
      );
      expect(high).toHaveLength(LAYER_SWITCH.attempts);
      // Asked for another layer meanwhile: the retries of the old one stop.
      janus.lostSwitches = 1;
      await p.receive({ op: 'layer', of: 'other_person1', layer: 'low' });
      await p.receive({ op: 'layer', of: 'other_person1', layer: 'high' });
      await vi.advanceTimersByTimeAsync(LAYER_SWITCH.waitMs * 6);
      expect(asked()).toBe(3);
      // A publisher sending two layers: asked for the third, Janus stops at the second, and is not asked again.
      janus.topLayer = 1;
      await p.receive({ op: 'layer', of: 'other_person1', layer: 'low' });
      const before = sub.calls.length;
      await p.receive({ op: 'layer', of: 'other_person1', layer: 'high' });
      await vi.advanceTimersByTimeAsync(LAYER_SWITCH.waitMs * 6);
      expect(sub.calls.slice(before).map((c) => c.params)).toEqual([{ streams: [{ mid: '1', substream: 2 }] }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports the others talking by participant, closes subscriptions of what is unpublished, and keeps messages while its socket is away', async () => {
    const janus = new FakeJanus();
    janus.publishers = [{ feed: 7, display: 'other_person1:camera' }];
    const { p, sent, camera } = await started(janus);
    sent.length = 0;
    camera.emit(VIDEOROOM_EVENT.VIDEOROOM_TALKING, { feed: 7, talking: true });
    camera.emit(VIDEOROOM_EVENT.VIDEOROOM_TALKING, { feed: camera.id, talking: true });
    expect(sent).toEqual([{ op: 'talking', id: 'other_person1', talking: true }]);
    p.detach();
    camera.emit(VIDEOROOM_EVENT.VIDEOROOM_UNPUBLISHED, { feed: 7 });
    camera.emit(VIDEOROOM_EVENT.VIDEOROOM_PUB_LIST, { publishers: [{ feed: 11, display: 'third_person:camera' }] });
    await settle();
    expect(sent).toHaveLength(1);
    expect(janus.handles[1]!.detached).toBe(true);
    const later: SfuServerData[] = [];
    p.attach((d) => later.push(d));
    expect(later).toEqual([
      { op: 'gone', pc: 's1' },
      { op: 'offer', pc: 's2', from: 'third_person', feed: 'camera', jsep: { type: 'offer', sdp: 'offer of 11' } },
    ]);
    // A publication kicked (its participant came back through another process) is gone too.
    camera.emit(VIDEOROOM_EVENT.VIDEOROOM_KICKED, { feed: 11 });
    expect(later.at(-1)).toEqual({ op: 'gone', pc: 's2' });
    await p.close();
    expect(janus.handles.every((h) => h.detached)).toBe(true);
  });

  describe('a waiting member (the lobby)', () => {
    it('is connected ahead but sent no media: each subscription is held back before it starts, its layer kept for the join', async () => {
      const janus = new FakeJanus();
      janus.publishers = [{ feed: 7, display: 'other_person1:camera' }];
      const sent: SfuServerData[] = [];
      const p = new SfuParticipant(janus, ROOM, ME, () => undefined, true);
      await p.start();
      p.attach((d) => sent.push(d));
      await settle();
      expect(janus.callsOf('joinPublisher')).toEqual([{ room: 42, display: 'me_participant1:lobby', pin: 'the-pin' }]);
      expect(sent).toMatchObject([{ op: 'offer', pc: 's1', from: 'other_person1' }]);
      const sub = janus.handles[1]!;
      await p.receive({ op: 'layer', of: 'other_person1', layer: 'low' });
      await p.receive({ op: 'answer', pc: 's1', jsep: { type: 'answer', sdp: 'ans' } });
      // Held back before the start: Janus relays no packet of it until the join.
      expect(sub.calls.map((c) => c.method)).toEqual(['joinSubscriber', 'configure', 'start']);
      expect(sub.calls[1]!.params).toEqual({
        streams: [
          { mid: '0', send: false },
          { mid: '1', send: false },
        ],
      });
      await p.receive({ op: 'publish', feed: 'camera', jsep: { type: 'offer', sdp: 'cam' } });
      // Published under the name it joined with (its lobby name): no name given again.
      expect(janus.callsOf('publish')).toEqual([{ audio: true, video: true, jsep: { type: 'offer', sdp: 'cam' } }]);

      await p.admit();
      // The streams flow, the video on the layer asked for meanwhile; the camera takes its participant's name.
      expect(sub.calls.at(-1)).toEqual({
        method: 'configure',
        params: {
          streams: [
            { mid: '0', send: true },
            { mid: '1', send: true, substream: 0 },
          ],
        },
      });
      expect(janus.handles[0]!.calls.at(-1)).toEqual({
        method: 'configure',
        params: { display: 'me_participant1:camera' },
      });
      // Once: a second join changes nothing.
      await p.admit();
      expect(sub.calls).toHaveLength(4);
    });

    it('a subscription answered after the join starts as any other', async () => {
      const janus = new FakeJanus();
      janus.publishers = [{ feed: 7, display: 'other_person1:camera' }];
      const p = new SfuParticipant(janus, ROOM, ME, () => undefined, true);
      await p.start();
      p.attach(() => undefined);
      await settle();
      await p.admit();
      // Not published yet: it is published under its participant's name.
      expect(janus.handles[0]!.calls.map((c) => c.method)).toEqual(['joinPublisher']);
      await p.receive({ op: 'answer', pc: 's1', jsep: { type: 'answer', sdp: 'ans' } });
      expect(janus.handles[1]!.calls.map((c) => c.method)).toEqual(['joinSubscriber', 'start']);
      await p.receive({ op: 'publish', feed: 'camera', jsep: { type: 'offer', sdp: 'cam' } });
      expect(janus.callsOf('publish')).toMatchObject([{ display: 'me_participant1:camera' }]);
    });

    it('a resident subscribes to a camera only under its participant name: not in the lobby, as soon as it is renamed at the join', async () => {
      const janus = new FakeJanus();
      const { camera, sent } = await started(janus);
      camera.emit(VIDEOROOM_EVENT.VIDEOROOM_PUB_LIST, { publishers: [{ feed: 12, display: 'waiting_person1:lobby' }] });
      await settle();
      expect(janus.callsOf('joinSubscriber')).toEqual([]);
      expect(sent).toEqual([]);
      camera.emit(VIDEOROOM_EVENT.VIDEOROOM_DISPLAY, { feed: 12, display: 'waiting_person1:camera' });
      await settle();
      expect(janus.callsOf('joinSubscriber')).toEqual([{ room: 42, streams: [{ feed: 12 }], pin: 'the-pin' }]);
      expect(sent).toMatchObject([{ op: 'offer', from: 'waiting_person1', feed: 'camera' }]);
    });

    it('a camera named before Janus lists its publication is subscribed to once it is listed', async () => {
      const { janus, camera, sent, errors } = await started();
      janus.failures.set('joinSubscriber', Object.assign(new Error('No such feed'), { _code: 428 }));
      camera.emit(VIDEOROOM_EVENT.VIDEOROOM_DISPLAY, { feed: 12, display: 'other_person1:camera' });
      await settle();
      expect(sent).toEqual([]);
      janus.failures.delete('joinSubscriber');
      camera.emit(VIDEOROOM_EVENT.VIDEOROOM_PUB_LIST, { publishers: [{ feed: 12, display: 'other_person1:camera' }] });
      await settle();
      expect(sent).toMatchObject([{ op: 'offer', from: 'other_person1', feed: 'camera' }]);
      expect(errors).toHaveLength(1);
    });

    it('a camera listed again while its first subscription was failing is subscribed to at once', async () => {
      const { janus, camera, sent, errors } = await started();
      janus.failOnce.set('joinSubscriber', Object.assign(new Error('No such feed'), { _code: 428 }));
      // Its name, then its publication, both told before Janus answers the first subscription.
      camera.emit(VIDEOROOM_EVENT.VIDEOROOM_DISPLAY, { feed: 12, display: 'other_person1:camera' });
      camera.emit(VIDEOROOM_EVENT.VIDEOROOM_PUB_LIST, { publishers: [{ feed: 12, display: 'other_person1:camera' }] });
      await settle();
      expect(janus.callsOf('joinSubscriber')).toHaveLength(2);
      expect(sent).toMatchObject([{ op: 'offer', from: 'other_person1', feed: 'camera' }]);
      expect(errors).toEqual([]);
    });
  });
});
