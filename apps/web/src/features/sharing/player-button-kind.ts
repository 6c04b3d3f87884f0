import type { ShootingType } from '@forecourt/contracts';

/**
 * Spec section 6: a dropdown (show, e-mail, SMS) when the user may send by e-mail or SMS and the type is
 * STANDARD, VIDEO or a repair order; otherwise a plain button that opens the player. INSPECTION is
 * always a plain button.
 */
export function playerButtonKind(type: ShootingType, canSendEmail: boolean, canSendSms: boolean): 'dropdown' | 'plain' {
  if (type === 'INSPECTION') return 'plain';
  return canSendEmail || canSendSms ? 'dropdown' : 'plain';
}
