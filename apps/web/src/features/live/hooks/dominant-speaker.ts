/** Audio level above which a participant counts as speaking. */
export const SPEAKING_LEVEL = 0.02;
/** Readings in a row (half a second apart) another participant must be the loudest before the main video goes to them. */
export const READINGS_TO_SWITCH = 2;

export interface SpeakerState {
  /** The participant in the main video (null: nobody spoke yet). */
  speaker: string | null;
  /** Who was the loudest at the last readings, and in how many in a row, while not the speaker. */
  challenger: string | null;
  count: number;
}

export const NO_SPEAKER: SpeakerState = { speaker: null, challenger: null, count: 0 };

/**
 * The dominant speaker after one reading of the audio levels. The first to speak takes the main video at
 * once; later, another must be the loudest for READINGS_TO_SWITCH readings in a row: a cough or two voices
 * at once do not flip the main video (and, peer to peer, do not pause one sender and wake another).
 */
export function nextSpeaker(state: SpeakerState, levels: Map<string, number>): SpeakerState {
  let loudest: [string, number] | null = null;
  for (const [id, level] of levels)
    if (level > SPEAKING_LEVEL && (!loudest || level > loudest[1])) loudest = [id, level];
  if (!loudest) return state.challenger === null ? state : { ...state, challenger: null, count: 0 };
  const [id] = loudest;
  if (state.speaker === null) return { speaker: id, challenger: null, count: 0 };
  if (id === state.speaker) return state.challenger === null ? state : { ...state, challenger: null, count: 0 };
  const count = id === state.challenger ? state.count + 1 : 1;
  if (count >= READINGS_TO_SWITCH) return { speaker: id, challenger: null, count: 0 };
  return { ...state, challenger: id, count };
}
