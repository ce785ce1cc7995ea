import { createContext, useContext } from 'react';
import type { components } from '../../lib/api/schema';
import type { Viewer } from '../../lib/session';

type ServiceCard = components['schemas']['Card'];

/**
 * What the save heart needs: whether a service is saved and how to toggle it. The screen that
 * owns the saved list (the marketplace) provides it; the heart is also shown inside the service
 * details, which the marketplace opens, so the heart cannot import the marketplace itself.
 */
export interface SaveActions {
  viewer: Viewer;
  isSaved: (serviceId: string) => boolean;
  toggleSave: (card: ServiceCard) => Promise<void>;
}

export const SaveActionsContext = createContext<SaveActions | null>(null);

export function useSaveActions(): SaveActions {
  const v = useContext(SaveActionsContext);
  if (!v) throw new Error('useSaveActions outside SaveActionsContext');
  return v;
}
