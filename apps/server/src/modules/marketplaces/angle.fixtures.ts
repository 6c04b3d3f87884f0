import type { AngleFeatures } from './angle-types';

/** The features of a picture in which nothing was found (no plate, no car, no circle), for the angle tests to fill in. */
export const NOTHING_FOUND: AngleFeatures = {
  plate: null,
  car: null,
  redBeside: 0,
  redBalance: 0,
  redInCar: 0,
  redBody: 0,
  mirror: null,
  around: null,
  light: { mean: 0.5, dark: 0.1 },
  circles: [],
};
