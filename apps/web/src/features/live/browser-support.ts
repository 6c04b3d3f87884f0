/**
 * Browsers the change-browser alert sends elsewhere (spec section 2): iOS browsers other than Safari (no
 * WebRTC for them on older iOS), Internet Explorer, and Facebook's in-app browser outside iOS.
 */
export function needsOtherBrowser(userAgent: string): boolean {
  const ios = /iPhone|iPad|iPod/i.test(userAgent);
  if (ios) return /CriOS|FxiOS|EdgiOS|OPiOS|GSA\//i.test(userAgent) || !/Safari\//i.test(userAgent);
  if (/MSIE |Trident\//i.test(userAgent)) return true;
  return /FBAN|FBAV|FB_IAB/i.test(userAgent);
}
