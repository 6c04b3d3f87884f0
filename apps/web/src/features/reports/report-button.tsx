import type { ReportKind } from '@forecourt/contracts';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar';
import { ActionButton } from '../../components/action-button';
import { availabilityNotice, reportAvailability } from './report-availability';
import { fetchReport } from './reports-api';
import type { ShootingKey } from '../../lib/shooting-key';
import { reportsKeys } from './reports-keys';

/**
 * One report button: the availability check runs when the page opens; ERROR or NO_PDF disable the button
 * and say why (spec sections 6 and 8: an error message, or for a missing report the button's tooltip); otherwise a click downloads the PDF in the portal's language.
 */
export function ReportButton({
  kind,
  shooting,
  compact,
}: {
  kind: ReportKind;
  shooting: ShootingKey;
  compact: boolean;
}) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const query = useQuery({
    queryKey: reportsKeys.report(kind, shooting, locale),
    queryFn: () => fetchReport(kind, shooting, locale),
    retry: false,
  });
  const availability = reportAvailability(query);
  const notice = availabilityNotice(availability.state);

  useEffect(() => {
    const message = availabilityNotice(availability.state).snackbar;
    if (message) snackbar.show(message.key, message.severity);
  }, [availability.state, snackbar]);

  const label = t(`reports.button.${kind}`);
  return (
    <ActionButton
      compact={compact}
      icon={<PictureAsPdfIcon />}
      label={label}
      hint={notice.tooltip ? t(notice.tooltip) : undefined}
      loading={availability.state === 'LOADING'}
      disabled={availability.state !== 'READY'}
      data-testid={`report-${kind}`}
      data-availability={availability.state}
      {...(availability.state === 'READY' ? { href: availability.report.pdfUrl, download: '' } : {})}
    />
  );
}
