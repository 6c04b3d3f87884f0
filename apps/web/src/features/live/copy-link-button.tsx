import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The copy tooltip shows this long (spec section 9). */
export const COPIED_TOOLTIP_MS = 1000;

/** Copies a room link; "copied" shows in the tooltip for a second. */
export function CopyLinkButton({ link, label }: { link: string; label?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_TOOLTIP_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    setCopied(true);
  };
  const title = label ?? t('rooms.copyLink');
  return (
    <Tooltip title={copied ? t('rooms.linkCopied') : title} open={copied || undefined}>
      <IconButton aria-label={title} onClick={() => void copy()} edge="end">
        <ContentCopyIcon />
      </IconButton>
    </Tooltip>
  );
}
