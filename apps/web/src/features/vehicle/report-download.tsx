import type { ReportKind } from '@forecourt/contracts';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar';
import { fetchReport } from '../reports/reports-api';
import type { ShootingKey } from '../../lib/shooting-key';

/**
 * A report of the timeline, made only when asked: the report call builds the PDF when it is missing or
 * out of date (the detail page checks on opening; here a vehicle may have many inspections), then the
 * browser downloads it.
 */
export function ReportDownload({ kind, shooting }: { kind: ReportKind; shooting: ShootingKey }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const download = useMutation({
    mutationFn: () => fetchReport(kind, shooting, i18n.resolvedLanguage ?? i18n.language),
    onSuccess: (report) => {
      if (report) window.location.assign(report.pdfUrl);
      else snackbar.show('api.noPdfFileFound', 'info');
    },
    onError: () => snackbar.show('api.commonError'),
  });
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<PictureAsPdfIcon />}
      loading={download.isPending}
      onClick={() => download.mutate()}
      data-testid={`vehicle-report-${kind}`}
    >
      {t(`reports.button.${kind}`)}
    </Button>
  );
}
