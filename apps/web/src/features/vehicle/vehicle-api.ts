import { VehicleResponse } from '@forecourt/contracts/vehicles';
import { request } from '../../api/http';

/** One vehicle of the caller's stocks and its timeline; a registration they do not hold is a 404. */
export const fetchVehicle = (registration: string) =>
  request(`/api/vehicles/${encodeURIComponent(registration)}`, { schema: VehicleResponse });
