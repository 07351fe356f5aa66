import type { StatusColor } from '../equipment/equipment';

/**
 * GET /business-service/dashboard/figures (beyond the catalogue; /wel/dashboard): the institute's figures of the
 * caller's tenant, for its administrators. Months are `yyyy-MM` of the server's calendar, the last one the current
 * month; money is decimal text.
 */
export const DASHBOARD_FIGURES_PATH = '/business-service/dashboard/figures';

/** How many months the monthly series cover (the current month and the 11 before it). */
export const FIGURE_MONTHS = 12;

export interface DashboardFigures {
  /** Live applications by their flow state (only states that have any), in the state machine's order. */
  applicationsByState: { state: string; count: number }[];
  /** Per month: certificate rows issued (issue day in the month; a change's new version counts as an issue). */
  certificatesPerMonth: { month: string; count: number }[];
  /** Per month: receipts (by received day) and the planned amounts of payment batches (by planned day). */
  receiptsPerMonth: { month: string; received: string; planned: string }[];
  /** Live instruments by today's colour (the status rule of lib/contracts/equipment/status.ts). */
  equipmentByColour: Record<StatusColor, number>;
}
