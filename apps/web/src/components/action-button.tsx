import Button, { type ButtonProps } from '@mui/material/Button';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';

/** Below 750 px the options column shows icon buttons (spec section 2). */
export const useCompactActions = () => useMediaQuery('(max-width:749.95px)');

type Props = {
  icon: ReactNode;
  label: string;
  compact: boolean;
  /** Why the action is not available, shown as its tooltip (a disabled button cannot say it otherwise). */
  hint?: string;
} & Omit<ButtonProps, 'children' | 'startIcon'> & { target?: string; rel?: string };

/** An action of the options column: a labelled button, or an icon button with the label as tooltip when compact. */
export function ActionButton({ icon, label, compact, hint, loading, color, variant, fullWidth, ...rest }: Props) {
  if (compact) {
    return (
      <Tooltip title={hint ? `${label}: ${hint}` : label}>
        <span>
          <IconButton aria-label={label} color={color === 'inherit' ? 'default' : color} {...(rest as IconButtonProps)} disabled={rest.disabled || loading === true}>
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  const button = (
    <Button variant={variant ?? 'outlined'} startIcon={icon} fullWidth={fullWidth ?? true} color={color} loading={loading} {...rest}>
      {label}
    </Button>
  );
  if (!hint) return button;
  // A disabled button gets no pointer events: the tooltip listens on its wrapper.
  return (
    <Tooltip title={hint}>
      <span style={{ display: fullWidth === false ? 'inline-block' : 'block' }}>{button}</span>
    </Tooltip>
  );
}
