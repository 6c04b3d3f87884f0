import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactElement } from 'react';

/**
 * A call button's tooltip, only where a pointer hovers. On a phone the tap that follows a touch is also a
 * mouse-over that nothing ends, so a tooltip stayed open over the self-view until the next tap elsewhere;
 * there the buttons are named by their aria-label alone, as their icons are.
 */
export function ControlTooltip({
  title,
  describeChild,
  children,
}: {
  title: string;
  describeChild?: boolean;
  children: ReactElement;
}) {
  const hovers = useMediaQuery('(hover: hover)', { noSsr: true });
  if (!hovers) return children;
  return (
    <Tooltip title={title} describeChild={describeChild}>
      {children}
    </Tooltip>
  );
}
