import { NO_VEHICLE_ERROR, type EditionType, type ImageEdit, type ShootingImage } from '@forecourt/contracts';
import { ApiError } from '../../api/http';

/** One line of the results dialog: the picture's position and the translated outcome's key. */
export interface EditResult {
  imageId: string;
  order: number;
  success: boolean;
  messageKey: string;
}

/**
 * Spec section 8. Cropping: a call answered with another status than 200 gives errorApplyCropping, an
 * answer with an error field commonErrorMessage, else applyCroppingDone. Licence plate: a cancelled call
 * (status 100) gives errorApplyLicensePlateCover, an error field commonErrorMessage, else
 * validApplyLicensePlateCover. A picture without a vehicle says so: reloading would not help.
 */
export function resultOf(
  type: EditionType,
  outcome: { edit: Pick<ImageEdit, 'error'> } | { failure: unknown },
): { success: boolean; messageKey: string } {
  if ('failure' in outcome) {
    const status = outcome.failure instanceof ApiError ? outcome.failure.status : 0;
    if (type === 'CROPPING')
      return {
        success: false,
        messageKey: status !== 200 ? 'editing.errorApplyCropping' : 'editing.commonErrorMessage',
      };
    return {
      success: false,
      messageKey: status === 100 ? 'editing.errorApplyLicensePlateCover' : 'editing.commonErrorMessage',
    };
  }
  if (outcome.edit.error === NO_VEHICLE_ERROR) return { success: false, messageKey: 'editing.noVehicle' };
  if (outcome.edit.error) return { success: false, messageKey: 'editing.commonErrorMessage' };
  return {
    success: true,
    messageKey: type === 'CROPPING' ? 'editing.applyCroppingDone' : 'editing.validApplyLicensePlateCover',
  };
}

/**
 * The number a person reads for a picture: its rank among the shooting's positions, counted from 1.
 * Positions are 1-based in some shootings and 0-based in others (the portal's uploads), so the raw value
 * would read "Picture 0" in one dialog and "Picture 1" in another for the same first picture.
 */
export function pictureNumber(images: Pick<ShootingImage, 'order'>[], order: number): number {
  const orders = [...new Set(images.map((i) => i.order))].sort((a, b) => a - b);
  const rank = orders.indexOf(order);
  return rank === -1 ? order + 1 : rank + 1;
}
