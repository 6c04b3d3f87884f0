import type { Participant, SfuClientData, SfuFeed, SfuServerData } from '@forecourt/contracts';
import {
  JANODE_EVENT,
  VIDEOROOM_EVENT,
  type Jsep,
  type Publisher,
  type VideoRoomHandle,
} from '../../../platform/janus/janus-gateway';
import type { JanusGateway } from '../../../platform/janus/janus-gateway';
import type { SfuRoom } from './sfu-rooms';

/** Janus's simulcast substreams: 0 is the lowest of the three layers, 2 the highest. */
const SUBSTREAM = { high: 2, low: 0 } as const;
/**
 * How long Janus may take to move a subscription to the layer asked for before it is asked again, and how
 * many times it is asked. Janus asks the publisher for a keyframe once per change and switches on it;
 * a request made 0.1 s after another for the same camera (several subscribers changing layer at once, as
 * when the speaker changes) got no keyframe from Chromium 156 (live-sfu.spec), and Janus then forwarded
 * the old layer for good.
 */
export const LAYER_SWITCH = { waitMs: 700, attempts: 3 };

/**
 * Whether Janus moves the subscription's video to `substream` within `ms`: it reports that layer, or one
 * past the layer it had toward it (a publisher may send fewer layers than it offered: Chromium sends two of
 * a 600x400 camera's three, and Janus then stops at the highest it has).
 */
function layerReached(sub: Subscription, substream: number, ms: number): Promise<boolean> {
  const before = sub.layer;
  return new Promise((resolve) => {
    const onLayer = ({ mid, sc_substream_layer: now }: LayerEvent) => {
      if ((mid !== undefined && mid !== sub.videoMid) || now === undefined) return;
      if (now === substream || (before !== null && (substream > before ? now > before : now < before))) done(true);
    };
    const timer = setTimeout(() => done(false), ms);
    const done = (reached: boolean) => {
      clearTimeout(timer);
      sub.handle.off(VIDEOROOM_EVENT.VIDEOROOM_SC_SUBSTREAM_LAYER, onLayer);
      resolve(reached);
    };
    sub.handle.on(VIDEOROOM_EVENT.VIDEOROOM_SC_SUBSTREAM_LAYER, onLayer);
  });
}

/** Janus's report of the layer a subscription's video now comes in. */
interface LayerEvent {
  mid?: string;
  sc_substream_layer?: number;
}

interface Subscription {
  handle: VideoRoomHandle;
  from: string;
  feed: SfuFeed;
  janusFeed: number;
  videoMid: string | null;
  /** Every stream's mid (audio and video): what a waiting member's subscription holds back, and lets go at its join. */
  mids: string[];
  /** Requests about this subscription go to Janus one after the other (a pause must not overtake the join's resume). */
  chain: Promise<unknown>;
  /** Started (Janus has the browser's answer), with its streams held back while the participant waits. */
  started: boolean;
  /** The layer Janus last reported its video in (null before any). */
  layer: number | null;
}

/** Janus publishers are named `<participant>:<feed>`: how a subscriber learns whose camera or screen it receives. */
const displayOf = (participant: string, feed: SfuFeed) => `${participant}:${feed}`;
/**
 * A waiting member's camera (the lobby: connected during the preview) is published under this name, which
 * no subscriber takes for a participant's: the others subscribe to it only once it is renamed at the join.
 */
const lobbyDisplayOf = (participant: string) => `${participant}:lobby`;
const parseDisplay = (display: string | undefined): { participant: string; feed: SfuFeed } | null => {
  const m = /^([A-Za-z0-9_-]{8,40}):(camera|screen)$/.exec(display ?? '');
  return m ? { participant: m[1]!, feed: m[2] as SfuFeed } : null;
};

/**
 * One participant's media through Janus, driven by the server for its browser: a publisher handle for its
 * camera (joined at once, so that it hears of the others' publications and talking), a second one while it
 * shares its screen, and a subscriber handle for each publication of the others. The browser sees only
 * SDP and candidates; the room's PIN, Janus's address and secrets stay here.
 */
export class SfuParticipant {
  private camera: VideoRoomHandle | null = null;
  private screen: VideoRoomHandle | null = null;
  private readonly subs = new Map<string, Subscription>();
  /** Publishers of the room by Janus feed id. */
  private readonly feeds = new Map<number, { participant: string; feed: SfuFeed }>();
  /**
   * Feeds whose subscription is being made, and whether Janus listed them again meanwhile: a camera named
   * before its publication exists is told twice (its name, then its publication, a few ms apart), and the
   * first subscription can fail with "no such feed" after the second telling came and went.
   */
  private readonly subscribing = new Map<number, { relisted: boolean }>();
  private nextSub = 1;
  private closed = false;
  /** Messages for a browser whose socket is away: delivered when it is back. */
  private pending: SfuServerData[] | null = [];
  private deliver: ((data: SfuServerData) => void) | null = null;
  /** Layers asked for, by participant: applied to subscriptions made later too. */
  private readonly layers = new Map<string, 'high' | 'low'>();
  /** Whether the camera's publication was made (Janus answered its offer). */
  private cameraPublished = false;
  /** The camera's name in Janus now. */
  private display = '';

  /**
   * `waiting`: a member of the lobby (the preview). Its connections are made ahead, but Janus sends it no
   * media (each subscription's streams held back before they start) and nobody subscribes to its camera
   * (published under its lobby name) until `admit`.
   */
  constructor(
    private readonly gateway: JanusGateway,
    private readonly room: SfuRoom,
    readonly self: Participant,
    private readonly onError: (err: unknown) => void,
    private waiting = false,
  ) {}

  /** Whether this participant is still in the lobby. */
  get isWaiting(): boolean {
    return this.waiting;
  }

  /** Joins the Janus room as a publisher (no media yet) and subscribes to what is published there. */
  async start(): Promise<void> {
    const camera = await this.gateway.attach();
    this.camera = camera;
    camera.on(VIDEOROOM_EVENT.VIDEOROOM_PUB_LIST, ({ publishers }: { publishers: Publisher[] }) =>
      this.published(publishers),
    );
    // A waiting member's camera renamed at its join: now a participant's publication.
    camera.on(VIDEOROOM_EVENT.VIDEOROOM_DISPLAY, ({ feed, display }: Publisher) => this.published([{ feed, display }]));
    camera.on(VIDEOROOM_EVENT.VIDEOROOM_UNPUBLISHED, ({ feed }: { feed: number }) => this.unpublished(feed));
    camera.on(VIDEOROOM_EVENT.VIDEOROOM_LEAVING, ({ feed }: { feed: number }) => this.unpublished(feed));
    // Publications another process left behind when their participant came back through a new one (sfu-rooms.ts evict).
    camera.on(VIDEOROOM_EVENT.VIDEOROOM_KICKED, ({ feed }: { feed: number }) => this.unpublished(feed));
    camera.on(VIDEOROOM_EVENT.VIDEOROOM_TALKING, ({ feed, talking }: { feed: number; talking: boolean }) => {
      const who = this.feeds.get(feed);
      if (who && who.participant !== this.self.id) this.send({ op: 'talking', id: who.participant, talking });
    });
    camera.once(JANODE_EVENT.HANDLE_DETACHED, () => {
      if (!this.closed) this.send({ op: 'failed', pc: 'camera' });
    });
    this.display = this.cameraDisplay();
    const joined = await camera.joinPublisher({ room: this.room.janusRoom, display: this.display, pin: this.room.pin });
    this.published(joined.publishers);
  }

  /**
   * The click on join: the held-back streams of every subscription flow (Janus then asks each publisher for
   * a keyframe, the first frame the new subscriber can decode), and the camera takes its participant's
   * name, so the others subscribe to it.
   */
  async admit(): Promise<void> {
    if (!this.waiting || this.closed) return;
    this.waiting = false;
    const resumed = [...this.subs.values()].map((sub) =>
      this.queue(sub, () => (sub.started ? this.release(sub) : Promise.resolve())),
    );
    const renamed = this.cameraPublished ? this.rename() : Promise.resolve();
    await Promise.all([...resumed, renamed.catch((err: unknown) => this.onError(err))]);
  }

  private rename(): Promise<unknown> {
    this.display = this.cameraDisplay();
    return this.camera!.configure({ display: this.display });
  }

  private cameraDisplay(): string {
    return this.waiting ? lobbyDisplayOf(this.self.id) : displayOf(this.self.id, 'camera');
  }

  private queue(sub: Subscription, step: () => Promise<unknown>): Promise<void> {
    const next = sub.chain.then(step).then(
      () => undefined,
      (err: unknown) => this.onError(err),
    );
    sub.chain = next;
    return next;
  }

  /** A subscription's streams sent, its video on the layer asked for (the first layer change asks its publisher for a keyframe). */
  private release(sub: Subscription): Promise<unknown> {
    const substream = SUBSTREAM[this.layers.get(sub.from) ?? 'high'];
    return sub.handle.configure({
      streams: sub.mids.map((mid) =>
        mid === sub.videoMid && sub.feed === 'camera' ? { mid, send: true, substream } : { mid, send: true },
      ),
    });
  }

  /** The browser's socket: messages go there from now on, those that waited first. */
  attach(deliver: (data: SfuServerData) => void): void {
    this.deliver = deliver;
    const waiting = this.pending ?? [];
    this.pending = null;
    for (const data of waiting) deliver(data);
  }

  /** The socket is away: messages wait for its return. */
  detach(): void {
    this.deliver = null;
    this.pending ??= [];
  }

  async receive(data: SfuClientData): Promise<void> {
    if (this.closed) return;
    switch (data.op) {
      case 'publish':
        return this.publish(data.feed, data.jsep);
      case 'unpublish':
        return this.stopScreen();
      case 'answer': {
        const sub = this.subs.get(data.pc);
        if (!sub) return;
        return this.queue(sub, async () => {
          // In the lobby: the streams held back before they start, so that no packet reaches the browser.
          if (this.waiting) await sub.handle.configure({ streams: sub.mids.map((mid) => ({ mid, send: false })) });
          await sub.handle.start({ jsep: data.jsep });
          sub.started = true;
          if (!this.waiting && sub.feed === 'camera' && this.layers.has(sub.from)) await this.applyLayer(sub);
        });
      }
      case 'candidate': {
        const handle =
          data.pc === 'camera'
            ? this.camera
            : data.pc === 'screen'
              ? this.screen
              : (this.subs.get(data.pc)?.handle ?? null);
        if (!handle) return;
        // Not awaited: the next messages (the other candidates, an answer) need not wait for Janus's ack of this one.
        void (data.candidate ? handle.trickle(data.candidate) : handle.trickleComplete()).catch((err: unknown) =>
          this.onError(err),
        );
        return;
      }
      case 'reset':
        // The relay replaces this participant's handles (sfu-relay.ts): nothing for one of them to do.
        return;
      case 'layer':
        this.layers.set(data.of, data.layer);
        // In the lobby the layer is only kept: the join's release sets it with the streams.
        if (this.waiting) return;
        await Promise.all(
          [...this.subs.values()]
            .filter((s) => s.from === data.of && s.feed === 'camera')
            .map((s) => this.queue(s, () => this.applyLayer(s))),
        );
        return;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const handles = [...[...this.subs.values()].map((s) => s.handle), this.screen, this.camera].filter(
      (h): h is VideoRoomHandle => h !== null,
    );
    this.subs.clear();
    await Promise.all(handles.map((h) => h.detach().catch(() => undefined)));
  }

  private send(data: SfuServerData): void {
    if (this.closed) return;
    if (this.deliver) this.deliver(data);
    else this.pending?.push(data);
  }

  private async publish(feed: SfuFeed, offer: Jsep): Promise<void> {
    try {
      let answer: Jsep | undefined;
      if (feed === 'camera') {
        // Renamed only if let in since its join: Janus tells the others of a name given with a publication
        // before it is published, and a subscription then made finds no such feed.
        const display = this.cameraDisplay();
        const renamed = display !== this.display ? { display } : {};
        this.display = display;
        answer = (await this.camera!.publish({ audio: true, video: true, jsep: offer, ...renamed })).jsep;
        this.cameraPublished = true;
      } else {
        await this.stopScreen();
        const screen = await this.gateway.attach();
        this.screen = screen;
        answer = (
          await screen.joinConfigurePublisher({
            room: this.room.janusRoom,
            display: displayOf(this.self.id, 'screen'),
            pin: this.room.pin,
            audio: false,
            video: true,
            jsep: offer,
          })
        ).jsep;
      }
      if (!answer || answer.type !== 'answer') throw new Error('Janus gave no answer to a publication');
      this.send({ op: 'answer', pc: feed, jsep: { type: 'answer', sdp: answer.sdp } });
    } catch (err) {
      this.onError(err);
      this.send({ op: 'failed', pc: feed });
    }
  }

  private async stopScreen(): Promise<void> {
    const screen = this.screen;
    this.screen = null;
    await screen?.detach().catch(() => undefined);
  }

  private published(publishers: Publisher[]): void {
    for (const p of publishers) {
      const who = parseDisplay(p.display);
      if (!who) continue;
      if (this.feeds.has(p.feed)) {
        const pending = this.subscribing.get(p.feed);
        if (pending) pending.relisted = true;
        continue;
      }
      this.feeds.set(p.feed, who);
      if (who.participant !== this.self.id) void this.subscribe(p.feed, who).catch((err: unknown) => this.onError(err));
    }
  }

  private unpublished(janusFeed: number): void {
    this.feeds.delete(janusFeed);
    for (const [pc, sub] of this.subs) {
      if (sub.janusFeed !== janusFeed) continue;
      this.subs.delete(pc);
      void sub.handle.detach().catch(() => undefined);
      this.send({ op: 'gone', pc });
    }
  }

  private async subscribe(janusFeed: number, who: { participant: string; feed: SfuFeed }): Promise<void> {
    const pending = { relisted: false };
    this.subscribing.set(janusFeed, pending);
    const joining = this.joinSubscription(janusFeed).finally(() => {
      if (this.subscribing.get(janusFeed) === pending) this.subscribing.delete(janusFeed);
    });
    const joined = await joining.catch((err: unknown) => {
      // Listed again while this attempt was failing: the publication exists now, subscribe again at once.
      if (pending.relisted && !this.closed && this.feeds.get(janusFeed) === who) return null;
      // Not published yet (its name came first): its publication, when Janus lists it, is subscribed to then.
      if (this.feeds.get(janusFeed) === who) this.feeds.delete(janusFeed);
      throw err;
    });
    if (joined === null) return this.subscribe(janusFeed, who);
    this.offerSubscription(janusFeed, who, joined);
  }

  /** A subscriber handle joined to the feed, with Janus's offer; the handle is let go if the join fails. */
  private async joinSubscription(janusFeed: number) {
    const handle = await this.gateway.attach();
    if (this.closed || !this.feeds.has(janusFeed)) {
      void handle.detach().catch(() => undefined);
      return { handle, joined: null };
    }
    const joined = await handle
      .joinSubscriber({ room: this.room.janusRoom, streams: [{ feed: janusFeed }], pin: this.room.pin })
      .catch(async (err: unknown) => {
        await handle.detach().catch(() => undefined);
        throw err;
      });
    return { handle, joined };
  }

  /** Tells the browser of a subscription Janus offered. */
  private offerSubscription(
    janusFeed: number,
    who: { participant: string; feed: SfuFeed },
    { handle, joined }: Awaited<ReturnType<SfuParticipant['joinSubscription']>>,
  ): void {
    if (!joined) return;
    // Unpublished, or this participant gone, while Janus was answering: nothing to offer.
    if (this.closed || !this.feeds.has(janusFeed)) return void handle.detach().catch(() => undefined);
    if (!joined.jsep || joined.jsep.type !== 'offer') throw new Error('Janus offered no subscription');
    const pc = `s${this.nextSub++}`;
    const streams = joined.streams ?? [];
    const sub: Subscription = {
      handle,
      from: who.participant,
      feed: who.feed,
      janusFeed,
      videoMid: streams.find((s) => s.type === 'video')?.mid ?? null,
      mids: streams.filter((s) => s.type !== 'data').map((s) => s.mid),
      chain: Promise.resolve(),
      started: false,
      layer: null,
    };
    this.subs.set(pc, sub);
    handle.on(VIDEOROOM_EVENT.VIDEOROOM_SC_SUBSTREAM_LAYER, ({ mid, sc_substream_layer: layer }: LayerEvent) => {
      if ((mid === undefined || mid === sub.videoMid) && layer !== undefined) sub.layer = layer;
    });
    handle.once(JANODE_EVENT.HANDLE_DETACHED, () => {
      if (this.subs.get(pc) !== sub) return;
      this.subs.delete(pc);
      this.send({ op: 'gone', pc });
    });
    this.send({
      op: 'offer',
      pc,
      from: who.participant,
      feed: who.feed,
      jsep: { type: 'offer', sdp: joined.jsep.sdp },
    });
  }

  /** Asks Janus for the layer wanted of this subscription's camera, and again while it has not switched (LAYER_SWITCH). */
  private async applyLayer(sub: Subscription, attempt = 1): Promise<void> {
    const mid = sub.videoMid;
    if (!mid) return;
    const substream = SUBSTREAM[this.layers.get(sub.from) ?? 'high'];
    // Listening before asking: Janus may report the switch before it answers the request.
    const reached = layerReached(sub, substream, LAYER_SWITCH.waitMs);
    await sub.handle.configure({ streams: [{ mid, substream }] }).catch((err: unknown) => this.onError(err));
    void reached.then((done) => {
      if (done || attempt >= LAYER_SWITCH.attempts || this.closed || ![...this.subs.values()].includes(sub)) return;
      // A later request for another layer makes its own.
      if (SUBSTREAM[this.layers.get(sub.from) ?? 'high'] !== substream) return;
      void this.queue(sub, () => this.applyLayer(sub, attempt + 1));
    });
  }
}
