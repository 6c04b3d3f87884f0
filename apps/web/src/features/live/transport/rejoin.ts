/** A remote participant this browser holds a peer connection with. */
export interface HeldPeer {
  id: string;
  /** Its connection carries media now. */
  connected: boolean;
}

/** What to do with each participant when a welcome arrives on a signalling socket opened again. */
export interface WelcomePlan {
  /** Healthy and still there: nothing to do, nothing to show. */
  keep: string[];
  /** Still there, but a connection to make afresh (this side offers): nothing to show either. */
  renew: string[];
  /** There now and new to this browser: a connection this side offers, and a join notice after a rejoin. */
  add: string[];
  /** Left while this browser was away: close, and a leave notice. */
  gone: string[];
  /** Not in a room the server rebuilt (it restarted): kept a while for their own rejoin, then gone. */
  unconfirmed: string[];
}

/**
 * The rules of a (re)welcome. The one who (re)joins offers, as a newcomer does. A `resumed` welcome means
 * the server kept this participant while its socket was away: the others saw nothing, so healthy
 * connections stay and only broken ones are made afresh. Otherwise the server forgot it (grace over, or a
 * restart): the others have closed their side or will rejoin themselves, so every connection is made
 * afresh, and those missing from the room get time to come back before they count as gone.
 */
export function planWelcome(
  held: HeldPeer[],
  welcome: { participants: { id: string }[]; resumed: boolean },
): WelcomePlan {
  const present = new Set(welcome.participants.map((p) => p.id));
  const heldById = new Map(held.map((p) => [p.id, p]));
  const plan: WelcomePlan = { keep: [], renew: [], add: [], gone: [], unconfirmed: [] };
  for (const { id } of welcome.participants) {
    const peer = heldById.get(id);
    if (!peer) plan.add.push(id);
    else if (welcome.resumed && peer.connected) plan.keep.push(id);
    else plan.renew.push(id);
  }
  for (const peer of held) if (!present.has(peer.id)) (welcome.resumed ? plan.gone : plan.unconfirmed).push(peer.id);
  return plan;
}

/** What this browser knows of its connection with the sender of an offer. */
export interface OfferContext {
  /** The id of the connection held with the sender (null: none yet, or one waiting for its first offer). */
  current: string | null;
  /** Ids of connections with the sender that were replaced. */
  retired: ReadonlySet<string>;
  /** The held connection is one this side offered and that never carried media: a fresh offer of ours is out. */
  freshOffer: boolean;
}

/**
 * `apply`: to the held connection (a renegotiation or ICE restart). `replace`: a new connection from the
 * sender, made afresh on this side as its answerer. `ignore`: about a connection already replaced.
 * `resend`: it crossed a fresh offer of ours and ours wins; ours goes again, as it may be the one that
 * went missing while a socket was away. Both sides decide a crossing alike: the lower participant id wins.
 */
export function decideOffer(
  ctx: OfferContext | null,
  offerPc: string,
  selfId: string,
  fromId: string,
): 'apply' | 'replace' | 'ignore' | 'resend' {
  if (!ctx) return 'replace';
  if (ctx.current === offerPc) return 'apply';
  if (ctx.retired.has(offerPc)) return 'ignore';
  if (ctx.freshOffer && selfId < fromId) return 'resend';
  return 'replace';
}
