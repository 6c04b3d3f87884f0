import type { EditionType } from '@forecourt/contracts';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ContentCutIcon from '@mui/icons-material/ContentCut';
import PanoramaHorizontalIcon from '@mui/icons-material/PanoramaHorizontal';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../components/action-button';
import type { EditMode } from './use-edit-mode';

const OPTION_OF: Record<EditionType, string> = { CROPPING: 'useCropping', LICENSE_PLATE_COVER: 'useLicensePlateCover' };

/**
 * The edit buttons of the options column: one per edit the user's options allow; in edit mode, Done
 * (disabled without a selection) and Cancel.
 */
export function EditButtons({
  edit,
  hasOption,
  compact,
}: {
  edit: EditMode;
  hasOption: (name: string) => boolean;
  compact: boolean;
}) {
  const { t } = useTranslation();
  if (edit.isEditMode) {
    return (
      <>
        <ActionButton
          compact={compact}
          variant="contained"
          icon={<CheckIcon />}
          label={t('editing.done')}
          disabled={edit.selectedImages.size === 0}
          onClick={edit.submit}
        />
        <ActionButton compact={compact} icon={<CloseIcon />} label={t('common.cancel')} onClick={edit.leave} />
      </>
    );
  }
  return (
    <>
      {(['CROPPING', 'LICENSE_PLATE_COVER'] as const)
        .filter((type) => hasOption(OPTION_OF[type]))
        .map((type) => (
          <ActionButton
            key={type}
            compact={compact}
            icon={type === 'CROPPING' ? <ContentCutIcon /> : <PanoramaHorizontalIcon />}
            label={t(`editing.edit.${type}`)}
            onClick={() => edit.enter(type)}
          />
        ))}
    </>
  );
}
