import Button, { type ButtonProps } from '@mui/material/Button';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';

/** Below 750 px the options column shows icon buttons (spec section 2). */
export const useCompactActions = () => useMediaQuery('(max-width:749.95px)');

type Props = { icon: ReactNode; label: string; compact: boolean } & Omit<ButtonProps, 'children' | 'startIcon'> & { target?: string; rel?: string };

/** An action of the options column: a labelled button, or an icon button with the label as tooltip when compact. */
export function ActionButton({ icon, label, compact, loading, color, variant, fullWidth, ...rest }: Props) {
  if (compact) {
    return (
      <Tooltip title={label}>
        <span>
          <IconButton aria-label={label} color={color === 'inherit' ? 'default' : color} {...(rest as IconButtonProps)} disabled={rest.disabled || loading === true}>
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button variant={variant ?? 'outlined'} startIcon={icon} fullWidth={fullWidth ?? true} color={color} loading={loading} {...rest}>
      {label}
    </Button>
  );
}
