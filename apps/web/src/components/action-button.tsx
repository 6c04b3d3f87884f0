import Button, { type ButtonProps } from '@mui/material/Button';
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

/**
 * An action of the options column: a labelled button, or when compact (phones) its icon with the label
 * written small under it, so that no action is a bare icon to guess; the tooltip says why it is disabled.
 */
export function ActionButton({ icon, label, compact, hint, loading, color, variant, fullWidth, ...rest }: Props) {
  if (compact) {
    const button = (
      <Button
        variant={variant ?? 'text'}
        color={color}
        loading={loading}
        {...rest}
        sx={{
          flexDirection: 'column',
          gap: 0.25,
          minWidth: 72,
          maxWidth: 96,
          px: 0.5,
          py: 0.5,
          textTransform: 'none',
          fontSize: 12,
          lineHeight: 1.2,
          fontWeight: 400,
        }}
      >
        {icon}
        <span>{label}</span>
      </Button>
    );
    return hint ? (
      <Tooltip title={hint}>
        <span>{button}</span>
      </Tooltip>
    ) : (
      button
    );
  }
  const button = (
    <Button
      variant={variant ?? 'outlined'}
      startIcon={icon}
      fullWidth={fullWidth ?? true}
      color={color}
      loading={loading}
      {...rest}
    >
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
