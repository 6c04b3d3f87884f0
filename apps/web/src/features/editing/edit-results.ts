import type { EditionType, ImageEdit } from '@forecourt/contracts';
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
 * validApplyLicensePlateCover.
 */
export function resultOf(type: EditionType, outcome: { edit: Pick<ImageEdit, 'error'> } | { failure: unknown }): { success: boolean; messageKey: string } {
  if ('failure' in outcome) {
    const status = outcome.failure instanceof ApiError ? outcome.failure.status : 0;
    if (type === 'CROPPING') return { success: false, messageKey: status !== 200 ? 'editing.errorApplyCropping' : 'editing.commonErrorMessage' };
    return { success: false, messageKey: status === 100 ? 'editing.errorApplyLicensePlateCover' : 'editing.commonErrorMessage' };
  }
  if (outcome.edit.error) return { success: false, messageKey: 'editing.commonErrorMessage' };
  return { success: true, messageKey: type === 'CROPPING' ? 'editing.applyCroppingDone' : 'editing.validApplyLicensePlateCover' };
}
