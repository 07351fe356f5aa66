import { proxied } from '@/lib/client/fetcher';
import { businessPagePath, PATHS } from '@/components/application/api';
import { PAPER_ARCHIVE_CALLS } from '@/lib/contracts/paper-archive/calls';
import { PAYMENT_CALLS } from '@/lib/contracts/payment/calls';
import { localDay } from '@/lib/shared/days';

/** The horizon of the calibration tile: the status rule's "due soon" (DUE_SOON_DAYS), expired ones included. */
export const CALIBRATION_LEAD_DAYS = '30';

/** The first and last day (`yyyy-MM-dd`, the browser's calendar) of the month of `now`. */
export function monthRange(now: Date): { receivedFrom: string; receivedTo: string } {
  const first = new Date(now.getFullYear(), now.getMonth(), 1);
  const last = new Date(now.getFullYear(), now.getMonth() + 1, 0);
  return { receivedFrom: localDay(first), receivedTo: localDay(last) };
}

/**
 * One work tile: the list call it counts and the screen it opens, with the same filters. The count is the call's
 * `total` for `filters`, and the screen applies the same `filters` from its URL as its first search, so the two
 * agree by construction. A tile shows only to a person whose menu holds `route` (who may open that list), so the
 * tiles follow the roles without naming them.
 */
export interface DashboardTile {
  /** Its label under `wel.tiles`, and its `data-tile` in the page. */
  id: string;
  /** The list call exactly as the linked screen sends it. */
  list: { url: string; method?: 'GET' | 'POST' };
  /** Sent to the call and put in the link's query. */
  filters: Readonly<Record<string, string>>;
  /** The menu path of the screen. */
  route: string;
  /** What the screen reads from its URL besides the call's filters (which tab). */
  routeQuery?: Readonly<Record<string, string>>;
  /** A second line under the label: the month's received and planned sums (receipts tile). */
  secondary?: 'receiptPlan';
  /** A customer's own list (我的…): shown only to a person none of whose tiles is a staff one. */
  customer?: true;
}

// The tiles take call paths from the zod-free `calls` modules (and components/application/api, which imports contract
// types only): /wel/index is the first signed-in page and must not load every counted list's schemas. The lists of
// generated resources are named by their path for the same reason; tests/unit/home/dashboard-tiles.test.ts checks
// every tile's call against the definitions.
const CERTIFICATES = PATHS.certificatePage;
const PAYMENT_NOTES = proxied(PAYMENT_CALLS.page);
const PAPER_LOANS = proxied(PAPER_ARCHIVE_CALLS.paperPage);
const ELECTRONIC_LOANS = proxied(PAPER_ARCHIVE_CALLS.ePage);
const RECEIPTS = '/api/business-service/realIncome/list';
const BATCHES = '/api/business-service/contractBatch/list';
const EQUIPMENT = '/api/blade-combusiness/equipment/page';

export const DASHBOARD_TILES: readonly DashboardTile[] = [
  // Staff: the steps waiting for someone.
  {
    id: 'cccWaiting',
    list: { url: businessPagePath('selectApplicationForCccBusinessManagementPage') },
    filters: {},
    route: '/businessManagement/ccc',
  },
  {
    id: 'acceptedOpen',
    list: { url: businessPagePath('selectAcceptedApplicationForCccBusinessManagementPage') },
    filters: { isFinished: '0' },
    route: '/businessManagement/accepted',
  },
  {
    id: 'samplesReceived',
    list: { url: businessPagePath('selectAcceptedApplicationForCccBusinessManagementPage') },
    filters: { flowState: 'samples_received' },
    route: '/businessManagement/accepted',
  },
  {
    id: 'cqstSubmitted',
    list: { url: businessPagePath('selectCqstOrCnvExBusinessManagementPage') },
    filters: { flowState: 'submitted' },
    route: '/businessManagement/cqst',
  },
  {
    id: 'notesIssued',
    list: { url: PAYMENT_NOTES },
    filters: { noteState: 'issued' },
    route: '/businessManagement/paymentNote',
  },
  {
    id: 'notesPartlyPaid',
    list: { url: PAYMENT_NOTES },
    filters: { noteState: 'partly_paid' },
    route: '/businessManagement/paymentNote',
  },
  {
    id: 'notesOverdue',
    list: { url: PAYMENT_NOTES },
    filters: { overdue: '1' },
    route: '/businessManagement/paymentNote',
  },
  {
    id: 'certsExpiring',
    list: { url: CERTIFICATES },
    filters: { alertLead: '1' },
    route: '/businessManagement/certificate',
  },
  {
    id: 'paperLoansWaiting',
    list: { url: PAPER_LOANS },
    filters: { borrowState: 'submitted' },
    route: '/documents/archiveBorrowing',
    routeQuery: { kind: 'paper' },
  },
  {
    id: 'paperLoansOverdue',
    list: { url: PAPER_LOANS },
    filters: { borrowState: 'overdue' },
    route: '/documents/archiveBorrowing',
    routeQuery: { kind: 'paper' },
  },
  {
    id: 'electronicLoansWaiting',
    list: { url: ELECTRONIC_LOANS },
    filters: { borrowState: 'submitted' },
    route: '/documents/archiveBorrowing',
    routeQuery: { kind: 'electronic' },
  },
  {
    id: 'equipmentDue',
    list: { url: EQUIPMENT, method: 'GET' },
    filters: { dueWithinDays: CALIBRATION_LEAD_DAYS },
    route: '/laboratory/equipment',
  },
  // Finance: this month's receipts (with the month's received and planned sums), batches still owed.
  {
    id: 'receiptsThisMonth',
    list: { url: RECEIPTS, method: 'POST' },
    // The month when the page loads: a dashboard left open over a month's end shows the month it was opened in.
    filters: monthRange(new Date()),
    route: '/administration/realIncome',
    secondary: 'receiptPlan',
  },
  {
    id: 'unpaidBatches',
    list: { url: BATCHES, method: 'POST' },
    filters: { unpaid: '1' },
    route: '/administration/realIncome',
    routeQuery: { kind: 'batches' },
  },
  // A customer's own company.
  {
    id: 'myOpenApplications',
    customer: true,
    list: { url: PATHS.myApplications },
    filters: { isFinished: '0' },
    route: '/application/myApplication',
  },
  {
    id: 'myReturnedApplications',
    customer: true,
    list: { url: PATHS.myApplications },
    filters: { flowState: 'returned' },
    route: '/application/myApplication',
  },
  {
    id: 'myNotesToPay',
    customer: true,
    list: { url: PAYMENT_NOTES },
    filters: { noteState: 'issued' },
    route: '/application/myPaymentNote',
  },
  {
    id: 'myNotesOverdue',
    customer: true,
    list: { url: PAYMENT_NOTES },
    filters: { overdue: '1' },
    route: '/application/myPaymentNote',
  },
  {
    id: 'myCertsExpiring',
    customer: true,
    list: { url: CERTIFICATES },
    filters: { alertLead: '1' },
    route: '/application/myCertificate',
  },
];

/**
 * The tiles of the screens among `paths` (the caller's menu), in their declared order. A staff person whose menu also
 * holds the customer pages (an administrator looks at what customers see) works from the staff tiles: the customer
 * tiles would count the same lists a second time under the same names.
 */
export function visibleTiles(paths: ReadonlySet<string>, tiles = DASHBOARD_TILES): DashboardTile[] {
  const shown = tiles.filter((tile) => paths.has(tile.route));
  return shown.some((tile) => !tile.customer) ? shown.filter((tile) => !tile.customer) : shown;
}
