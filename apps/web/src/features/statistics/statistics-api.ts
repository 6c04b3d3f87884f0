import { UserOwnersResponse } from '@forecourt/contracts/identity';
import { StatisticsResponse, type StatisticsQuery } from '@forecourt/contracts/statistics';
import { request } from '../../api/http';

export const fetchStatistics = (userId: string, query: StatisticsQuery) =>
  request(`/api/users/${encodeURIComponent(userId)}/statistics`, { query: { ...query }, schema: StatisticsResponse });

/** The caller's stocks, for the stock choice. */
export const fetchStocks = (userId: string) =>
  request(`/api/external/legacy/users/${encodeURIComponent(userId)}/owners`, { schema: UserOwnersResponse });
