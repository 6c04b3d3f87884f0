import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { engagementKeys } from './engagement-keys';

/** After a personal link is made (sent or copied): "Who watched" lists it now rather than at its next poll. */
export function useRefreshEngagementPanels(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: engagementKeys.panels() }), [queryClient]);
}
