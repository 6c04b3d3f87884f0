/**
 * The IPTC digital source type (http://cv.iptc.org/newscodes/digitalsourcetype/) written into the XMP of
 * the pictures the portal edits, so that marketplaces and buyers' tools can tell an edited picture from the
 * camera's (the EU AI Act's transparency duty for AI-edited images). IPTC Photo Metadata places it in the
 * XMP property Iptc4xmpExt:DigitalSourceType.
 */
const VOCABULARY = 'http://cv.iptc.org/newscodes/digitalsourcetype/';

export const DIGITAL_SOURCE = {
  /**
   * The background replaced around the vehicle cut out by a trained segmentation model: a composite whose
   * composition comes from trained algorithmic media ("compositeWithTrainedAlgorithmicMedia").
   */
  backgroundReplaced: `${VOCABULARY}compositeWithTrainedAlgorithmicMedia`,
  /** A plate covered by the dealer's graphic, warped onto the detected corners: a composite of several elements. */
  plateCovered: `${VOCABULARY}composite`,
} as const;

export type DigitalSourceType = (typeof DIGITAL_SOURCE)[keyof typeof DIGITAL_SOURCE];
const KNOWN: readonly string[] = Object.values(DIGITAL_SOURCE);

/** A whole XMP packet holding only the digital source type, for sharp's withXmp. */
export const digitalSourceXmp = (type: DigitalSourceType): string =>
  [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    `<rdf:Description rdf:about="" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" Iptc4xmpExt:DigitalSourceType="${type}"/>`,
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('');

/** The digital source type an XMP packet declares (attribute or element form), when it is one the portal writes. */
export function digitalSourceTypeOf(xmp: Buffer | string | undefined): DigitalSourceType | null {
  if (!xmp) return null;
  const text = typeof xmp === 'string' ? xmp : xmp.toString('utf8');
  const m = /Iptc4xmpExt:DigitalSourceType(?:="([^"]+)"|>([^<]+)<)/.exec(text);
  const value = (m?.[1] ?? m?.[2] ?? '').trim();
  return KNOWN.includes(value) ? (value as DigitalSourceType) : null;
}
