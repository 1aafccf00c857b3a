import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { AppRoutes } from '../router';
import { testQueryClient } from './render';

/** Renders the app's own routes at a URL; `visited` lists every address shown, the last the current one. */
export function renderApp(url: string) {
  const visited: Location[] = [];
  function RecordLocation() {
    const location = useLocation();
    useEffect(() => void visited.push(location), [location]);
    return null;
  }
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <RecordLocation />
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { visited, location: () => visited.at(-1)! };
}
