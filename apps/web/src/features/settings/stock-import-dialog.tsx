import { useQueryClient } from '@tanstack/react-query';
import { CONTACT_LINES_MAX } from '@forecourt/contracts/settings';
import { useTranslation } from 'react-i18next';
import { CsvImportDialog } from '../../components/csv-import-dialog';
import { importStocks, settingsErrorKey } from './settings-api';
import { settingsKeys } from './settings-keys';

const TEXTS = {
  title: 'stockImport.title',
  help: 'stockImport.help',
  file: 'stockImport.file',
  nothing: 'stockImport.nothing',
  errors: 'stockImport.errors',
  line: 'stockImport.line',
  field: 'stockImport.field',
  reason: 'stockImport.reason',
  changes: 'stockImport.changes',
  target: 'stockImport.stock',
  action: 'stockImport.action',
  close: 'stockImport.close',
  check: 'stockImport.check',
  apply: 'stockImport.apply',
  applied: 'stockImport.applied',
};

/** Imports a group's stocks from a CSV file, as the user board imports users (dry run, then the whole file). */
export function StockImportDialog(props: { groupId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <CsvImportDialog
      texts={TEXTS}
      testId="stock-import"
      run={(csv, dryRun) => importStocks(props.groupId, csv, dryRun)}
      onApplied={async () => {
        await queryClient.invalidateQueries({ queryKey: settingsKeys.stocks(props.groupId) });
        await queryClient.invalidateQueries({ queryKey: settingsKeys.groups() });
      }}
      errorKey={settingsErrorKey}
      reasonText={(e) =>
        t(`stockImport.reasons.${e.reason}`, { max: CONTACT_LINES_MAX }) +
        (e.value && e.reason !== 'tooManyContacts' ? ` (${e.value})` : '')
      }
      targetOf={(c) => c.name}
      actionText={(c) => t(`stockImport.action${c.action}`, { fields: c.fields.join(', ') })}
      onClose={props.onClose}
    />
  );
}
