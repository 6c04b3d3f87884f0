import { SHOOTING_PAGE_SIZE, vehicleRoute } from '@forecourt/contracts';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnackbar } from '../../components/snackbar';
import { AddShootingCard } from './add-shooting-card';
import { offeredTypes } from './offered-types';
import { SearchCard } from './search-card';
import { ShootingCard } from './shooting-card';
import { fetchShootings, type ShootingSearch } from './shootings-api';
import { useUserAccess } from '../../access/user-access';
import { searchedVehicle } from '../../lib/vehicle-search';
import { shootingsKeys } from './shootings-keys';

/** While a shooting is being processed the list polls, so its status moves without a reload. */
const REFRESH_MS = 5000;
const SPANS = { xs: 10, sm: 4, md: 3, lg: 2 };

/** /shootings: the search card and the gallery of the caller's shootings with Load more. */
export function ShootingsPage() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const access = useUserAccess();
  const offered = useMemo(() => offeredTypes(access.data?.models ?? []), [access.data]);
  const [search, setSearch] = useState<ShootingSearch | null>(null);
  const [searched, setSearched] = useState(false);
  const [exhausted, setExhausted] = useState(false);
  const userId = access.data?.user.id;
  const current = search ?? { registration: '', startDate: '', endDate: '', types: offered };

  const list = useInfiniteQuery({
    queryKey: shootingsKeys.list(userId, current),
    enabled: Boolean(userId),
    queryFn: ({ pageParam }) => fetchShootings(userId!, current, pageParam, SHOOTING_PAGE_SIZE),
    initialPageParam: 0,
    // Load more asks from the number already loaded (spec section 4).
    getNextPageParam: (_last, pages) => pages.flat().length,
    refetchInterval: (q) =>
      q.state.data?.pages.flat().some((s) => s.remarketingShootingStatus !== 'FINISHED') ? REFRESH_MS : false,
  });

  useEffect(() => {
    if (access.isError) snackbar.show('api.getShootingsError');
  }, [access.isError, snackbar]);
  useEffect(() => {
    if (list.isError && !list.isFetchNextPageError)
      snackbar.show(searched ? 'api.researchShootingError' : 'api.getShootingsError');
  }, [list.isError, list.isFetchNextPageError, list.errorUpdatedAt, searched, snackbar]);

  const onSearch = (s: ShootingSearch) => {
    setSearched(true);
    setExhausted(false);
    setSearch(s);
  };

  const loadMore = async () => {
    const res = await list.fetchNextPage();
    if (res.isError) return snackbar.show('api.loadMoreShootingsError');
    const pages = res.data?.pages ?? [];
    if (pages[pages.length - 1]?.length === 0) {
      setExhausted(true);
      snackbar.show('api.loadMoreShootingsInfo', 'info');
    }
  };

  const listFailed = list.isError && !list.isFetchNextPageError;
  const shootings = listFailed ? [] : (list.data?.pages.flat() ?? []);
  // A search by registration offers the vehicle's page, where its shootings, links and meetings are one story.
  const vehicle = searchedVehicle(current.registration, shootings);

  return (
    <Container maxWidth="xl" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('shootings.title')}
      </Typography>
      {access.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      ) : access.isError ? null : (
        <Stack spacing={3}>
          <SearchCard key={offered.join()} offered={offered} onSearch={onSearch} />
          {list.isPending ? (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
              <CircularProgress aria-label={t('common.loading')} />
            </Box>
          ) : (
            <>
              {vehicle ? (
                <Box>
                  <Button
                    component={Link}
                    to={vehicleRoute(vehicle)}
                    variant="outlined"
                    startIcon={<DirectionsCarIcon />}
                    data-testid="search-vehicle-link"
                  >
                    {t('vehicle.searchLink', { registration: vehicle })}
                  </Button>
                </Box>
              ) : null}
              <Grid container spacing={2} columns={12} data-testid="shootings-gallery">
                <Grid size={SPANS}>
                  <AddShootingCard />
                </Grid>
                {shootings.map((s) => (
                  <Grid key={s.id} size={SPANS}>
                    <ShootingCard shooting={s} />
                  </Grid>
                ))}
              </Grid>
              {listFailed ? (
                // The snackbar told it; the grid stays, its add card included, for the next search.
                <Alert severity="error">{t(searched ? 'api.researchShootingError' : 'api.getShootingsError')}</Alert>
              ) : shootings.length === 0 ? (
                <Alert severity="info">{t('shootings.noShootings')}</Alert>
              ) : exhausted ? null : (
                <Box sx={{ textAlign: 'center' }}>
                  <Button variant="outlined" onClick={() => void loadMore()} loading={list.isFetchingNextPage}>
                    {t('shootings.loadMore')}
                  </Button>
                </Box>
              )}
            </>
          )}
        </Stack>
      )}
    </Container>
  );
}
