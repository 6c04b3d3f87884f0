// How many SMS a text costs (3GPP TS 23.038): in the GSM 7-bit alphabet 160 characters fit one SMS and a longer
// text goes in parts of 153 (the characters of the extension table count twice); a single character outside it
// sends the whole text in UCS-2, 70 characters in one SMS or parts of 67.

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';

/** What a personal link adds to the link it replaces: `/` and the recipient's 22-character token. */
export const PERSONAL_LINK_EXTRA = 23;

export interface SmsCost {
  /** Units of the text: GSM septets (extension characters count 2) or UTF-16 code units in UCS-2. */
  length: number;
  segments: number;
  /** The first character outside the GSM alphabet, when there is one (the text then goes in UCS-2). */
  outside: string | null;
}

export function smsCost(text: string): SmsCost {
  let septets = 0;
  let outside: string | null = null;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) septets += 1;
    else if (GSM_EXTENSION.includes(ch)) septets += 2;
    else {
      outside = ch;
      break;
    }
  }
  if (outside === null) return { length: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153), outside };
  const units = text.length;
  return { length: units, segments: units <= 70 ? 1 : Math.ceil(units / 67), outside };
}
