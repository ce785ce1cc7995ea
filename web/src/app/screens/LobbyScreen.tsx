import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import LobbyPage from '../../features/lobby/LobbyPage';
import { marketplaceDataQuery } from '../../features/marketplace/api/get-marketplace-data';

/**
 * /lobby with its live counts: the marketplace snapshot (one cached request, shared with
 * /marketplace) has them. Composed here so the lobby does not import the marketplace.
 */
export default function LobbyScreen() {
  const { data } = useQuery(marketplaceDataQuery());
  const counts = useMemo(
    () => (data && !data.partial ? new Map((data.lobby_categories ?? []).map((c) => [c.slug, c.count])) : null),
    [data],
  );
  return <LobbyPage counts={counts} />;
}
