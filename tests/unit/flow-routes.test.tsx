import { screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { swrFetcher } from '@/lib/client/fetcher';
import { flowRoute, toFlowRoutes, useFlowRoutes } from '@/lib/swr/use-flow-routes';
import { fakeBlade } from './crud/fake-blade';
import { renderWithIntl } from './render';

const items = [
  { code: 'flow', dictKey: '1', dictValue: '请假流程', remark: '/work/process/leave/form' },
  { code: 'flow', dictKey: 2, dictValue: '报销流程', remark: '' },
];

describe('flow routes from the dictionary', () => {
  it('keys each item as code_dictKey with its remark as the route', () => {
    const routes = toFlowRoutes(items);
    expect(routes).toEqual([
      { routeKey: 'flow_1', routeValue: '/work/process/leave/form' },
      { routeKey: 'flow_2', routeValue: '' },
    ]);
    expect(flowRoute(routes, 'flow_1')).toBe('/work/process/leave/form');
    // An item without a remark names no route, and an unknown key none either.
    expect(flowRoute(routes, 'flow_2')).toBeUndefined();
    expect(flowRoute(routes, 'flow_3')).toBeUndefined();
  });

  it('reads the flow dictionary through dict/dictionary?code=flow', async () => {
    const blade = fakeBlade({ '/api/blade-system/dict/dictionary': items });
    function Probe() {
      const routes = useFlowRoutes();
      return <span data-testid="route">{flowRoute(routes, 'flow_1') ?? '-'}</span>;
    }
    renderWithIntl(
      <SWRConfig value={{ fetcher: swrFetcher }}>
        <Probe />
      </SWRConfig>,
    );
    expect(await screen.findByText('/work/process/leave/form')).toBeInTheDocument();
    expect(blade.to('/api/blade-system/dict/dictionary')[0].query.get('code')).toBe('flow');
  });
});
