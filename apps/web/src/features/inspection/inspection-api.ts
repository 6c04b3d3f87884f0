import { InspectionView, shootingApiPath } from '@forecourt/contracts';
import { request } from '../../api/http';
import type { ShootingKey } from '../reports/reports-api';

export const fetchInspection = (key: ShootingKey) => request(`/api${shootingApiPath(key)}/inspection`, { schema: InspectionView });
