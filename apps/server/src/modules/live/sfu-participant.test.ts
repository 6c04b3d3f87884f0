import type { SfuServerData } from '@forecourt/contracts';
import { describe, expect, it } from 'vitest';
import { VIDEOROOM_EVENT } from '../../platform/janus/janus-gateway';
import { SfuParticipant } from './sfu-participant';
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
    expect(janus.callsOf('joinConfigurePublisher')).toMatchObject([{ room: 42, display: 'me_participant1:screen', pin: 'the-pin', video: true, audio: false }]);
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
    expect(sub.calls.at(-1)).toEqual({ method: 'trickle', params: { candidate: 'candidate:1 1 udp 1 10.0.0.1 9 typ host' } });
    expect(camera.calls.at(-1)).toEqual({ method: 'trickleComplete', params: undefined });
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
});
