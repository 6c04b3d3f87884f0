import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CsvImportDialog } from '../../components/csv-import-dialog';
import { boardErrorKey } from './board-errors';
import { importUsers } from './users-api';

const TEXTS = {
  title: 'users.importTitle',
  help: 'users.importHelp',
  file: 'users.importFile',
  nothing: 'users.importNothing',
  errors: 'users.importErrors',
  line: 'users.line',
  field: 'users.field',
  reason: 'users.reason',
  changes: 'users.importChanges',
  target: 'users.email',
  action: 'users.action',
  close: 'users.close',
  check: 'users.importCheck',
  apply: 'users.importApply',
  applied: 'users.importApplied',
};

/** Imports users from a CSV file into the board's group (dry run, then the whole file). */
export function UserImportDialog(props: { group?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <CsvImportDialog
      texts={TEXTS}
      testId="import"
      run={(csv, dryRun) => importUsers(csv, dryRun, props.group)}
      onApplied={() => queryClient.invalidateQueries({ queryKey: ['user-board'] })}
      errorKey={boardErrorKey}
      reasonText={(e) => t(`users.reasons.${e.reason}`) + (e.value ? ` (${e.value})` : '')}
      targetOf={(c) => c.email}
      actionText={(c) => t(`users.action${c.action}`, { fields: c.fields.join(', ') })}
      onClose={props.onClose}
    />
  );
}
