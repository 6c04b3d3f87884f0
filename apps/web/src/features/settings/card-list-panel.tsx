import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CircularProgress from '@mui/material/CircularProgress';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A settings panel of a group's items (stamps, stocks): a button for a new one, the list's loading, error and
 * empty states, and the items as a grid of cards, each with its edit button. A new or edited item opens `editor`.
 */
export function CardListPanel<T extends { id: string }>(props: {
  items: UseQueryResult<T[]>;
  newLabel: string;
  noneLabel: string;
  testId: string;
  /** More buttons beside the "new" one (the stocks' CSV import). */
  actions?: ReactNode;
  /** Columns from the small screens up: two, or three on large ones. */
  columns: 2 | 3;
  card: (item: T) => ReactNode;
  editor: (editing: T | null, close: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const { items } = props;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => setEditing('new')}>
          {props.newLabel}
        </Button>
        {props.actions}
      </Box>
      {items.isPending && <CircularProgress aria-label={t('common.loading')} />}
      {items.isError && <Alert severity="error">{t('api.commonError')}</Alert>}
      {items.data?.length === 0 && <Alert severity="info">{props.noneLabel}</Alert>}
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns:
            props.columns === 3 ? { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } : { xs: '1fr', sm: '1fr 1fr' },
        }}
        data-testid={props.testId}
      >
        {items.data?.map((item) => (
          <Card component="li" variant="outlined" key={item.id}>
            {props.card(item)}
            <CardActions>
              <Button size="small" onClick={() => setEditing(item)}>
                {t('settings.edit')}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
      {editing && props.editor(editing === 'new' ? null : editing, () => setEditing(null))}
    </Box>
  );
}
