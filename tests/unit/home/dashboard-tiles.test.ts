import { DASHBOARD_TILES, monthRange, visibleTiles } from '@/components/home/dashboard-tiles';
import { ACTION_DEFINITIONS, RESOURCE_DEFINITIONS } from '@/lib/contracts/registry';

// The tiles name their list calls by path (dashboard-tiles.ts keeps the definitions, and zod, out of /wel/index):
// each must be a call some definition declares, with its method, so that a renamed or moved list fails here.
describe('dashboard tiles', () => {
  const declared = new Set<string>();
  for (const resource of RESOURCE_DEFINITIONS)
    for (const call of Object.values(resource.calls))
      if (call?.path) declared.add(`${call.method} ${call.path}`);
  for (const action of ACTION_DEFINITIONS) declared.add(`${action.call.method} ${action.call.path}`);

  it.each(DASHBOARD_TILES.map((tile) => [tile.id, tile] as const))(
    '%s counts a declared list call',
    (_, tile) => {
      expect(tile.list.url.startsWith('/api/')).toBe(true);
      expect(declared).toContain(`${tile.list.method ?? 'GET'} ${tile.list.url.slice('/api'.length)}`);
    },
  );

  it('gives the receipts tile the calendar month of the day it is shown', () => {
    expect(monthRange(new Date(2026, 1, 14))).toEqual({
      receivedFrom: '2026-02-01',
      receivedTo: '2026-02-28',
    });
    expect(monthRange(new Date(2028, 1, 29))).toEqual({
      receivedFrom: '2028-02-01',
      receivedTo: '2028-02-29',
    });
    expect(monthRange(new Date(2026, 11, 31))).toEqual({
      receivedFrom: '2026-12-01',
      receivedTo: '2026-12-31',
    });
  });

  it("shows a customer's tiles to a customer, and to a staff person only the staff tiles of their menu", () => {
    const ids = (paths: string[]) => visibleTiles(new Set(paths)).map((tile) => tile.id);
    const customer = [
      '/application/myApplication',
      '/application/myPaymentNote',
      '/application/myCertificate',
    ];
    expect(ids(customer)).toEqual([
      'myOpenApplications',
      'myReturnedApplications',
      'myNotesToPay',
      'myNotesOverdue',
      'myCertsExpiring',
    ]);
    // An administrator's menu holds the customer pages too: the staff tiles alone, no list counted twice.
    expect(ids([...customer, '/businessManagement/paymentNote'])).toEqual([
      'notesIssued',
      'notesPartlyPaid',
      'notesOverdue',
    ]);
    expect(ids(['/system/user'])).toEqual([]);
  });
});
