import { useQuery } from '@tanstack/react-query';
import { fetchUserAccess } from './shootings-api';

export const useUserAccess = () => useQuery({ queryKey: ['users', 'me', 'access'], queryFn: fetchUserAccess, staleTime: 5 * 60_000 });
