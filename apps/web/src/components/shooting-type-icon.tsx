import type { ShootingType } from '@forecourt/contracts';
import BuildIcon from '@mui/icons-material/Build';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import VideocamIcon from '@mui/icons-material/Videocam';
import type { SvgIconProps } from '@mui/material/SvgIcon';

/** Locale keys of the type labels (spec section 2: standard, videos, inspection, inspectionRepairOrder). */
export const TYPE_LABEL_KEYS: Record<ShootingType, string> = {
  STANDARD: 'shootings.types.standard',
  VIDEO: 'shootings.types.videos',
  INSPECTION: 'shootings.types.inspection',
  INSPECTION_REPAIR_ORDER: 'shootings.types.inspectionRepairOrder',
};

const ICONS = {
  STANDARD: PhotoCameraIcon,
  VIDEO: VideocamIcon,
  INSPECTION: FactCheckIcon,
  INSPECTION_REPAIR_ORDER: BuildIcon,
};

export function ShootingTypeIcon({ type, ...props }: { type: ShootingType } & SvgIconProps) {
  const Icon = ICONS[type];
  return <Icon {...props} />;
}
