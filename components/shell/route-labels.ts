import type { ResourceMenuDef } from '@/lib/contracts/resource';
import { isExternalPath, type ShellMenuNode } from './menu-model';

/** The menu entries of the resource definitions (path and code): the registry's `RESOURCE_MENUS`. */
export type ResourceMenus = readonly Pick<ResourceMenuDef, 'path' | 'code'>[];

/**
 * Message keys naming the pages the shell can open when no menu entry names them: the spec's routes inside the layout
 * (000 §2), pages reached without a menu (a role without the grant, a top menu that hides the entry, menus not loaded
 * yet) and the screens of the seeded menus. Menu entries win: their names are the tenant's data.
 *
 * The resource pages' entries come from the registry, which the server reads (app/(portal)/layout.tsx passes the table
 * to the shell): importing the registry here would put every resource's schemas, and zod, into every page's first load.
 */
export const routeLabelTable = (resourceMenus: ResourceMenus): Readonly<Record<string, string>> => ({
  '/wel/index': 'layout.home',
  '/wel/dashboard': 'shell.routes.dashboard',
  '/info/index': 'shell.routes.info',
  '/test/index': 'shell.routes.test',
  '/dict-horizontal/index': 'shell.routes.dictHorizontal',
  '/dict-vertical/index': 'shell.routes.dictVertical',
  '/administration/projectManagement_detail': 'shell.routes.projectDetail',
  '/administration/contractManagement_detail': 'shell.routes.contractDetail',
  '/devManage/developingTest_detail': 'shell.routes.developingTestDetail',
  '/documents/query': 'menu.archive_query',
  '/archives': 'menu.archive_tree',
  '/system/fileConfiguration_detail': 'menu.file_configuration',
  '/system/tenant': 'menu.tenant',
  '/system/region': 'menu.region',
  '/system/deptLaboratoryExternalUser': 'menu.dept_lab_user',
  '/resource/attach': 'menu.attach',
  // Certification applications (issue 15): the pages reached from a list row, not from the menu…
  '/application/form': 'application.screen.routes.form',
  '/application/detail': 'application.screen.routes.detail',
  '/businessManagement/case': 'application.screen.routes.case',
  // Their menu pages, named by the tenant's menu entries when the menus are loaded.
  '/application/myApplication': 'application.screen.list.title',
  '/application/myCertificate': 'application.screen.cert.title',
  '/businessManagement/certificate': 'application.screen.cert.staffTitle',
  ...Object.fromEntries(
    ['ccc', 'accepted', 'retreat', 'cqst', 'cnex', 'draft'].map((name) => [
      `/businessManagement/${name}`,
      `application.screen.staff.titles.${name}`,
    ]),
  ),
  // The pages of the resource definitions name themselves.
  ...Object.fromEntries(resourceMenus.map((menu) => [menu.path, `menu.${menu.code}`])),
  // Payment notes (issue 16): the screens' own titles (the menu entries still win when loaded).
  '/application/myPaymentNote': 'payment.screen.customerTitle',
  '/businessManagement/paymentNote': 'payment.screen.staffTitle',
  '/application/myCertChange': 'certChange.screen.customerTitle',
  '/businessManagement/certChange': 'certChange.screen.staffTitle',
  '/application/unifiedCertificate': 'certChange.screen.unifiedTitle',
  // Complaints and surveys (issue 16): named by their screens' titles, as the screens name themselves.
  '/application/myComplaint': 'quality.screen.myComplaint.title',
  '/application/mySurvey': 'quality.screen.mySurvey.title',
  '/businessManagement/complaint': 'quality.screen.staff.complaintTitle',
  '/businessManagement/survey': 'quality.screen.staff.surveyTitle',
  // CCC mark sales (issue 16): the screens' own titles.
  '/application/myCardSale': 'cardSale.screen.customerTitle',
  '/businessManagement/cardSale': 'cardSale.screen.staffTitle',
  '/businessManagement/cardGoods': 'cardSale.screen.goodsTitle',
});

/** The frame page's own label when the menu item's name is not in its query. */
export const IFRAME_LABEL = 'shell.routes.myiframe';
/** Any other path (it is on its way to its /index child or to /404). */
export const UNKNOWN_LABEL = 'shell.routes.page';

export interface RouteLabelSources {
  /** The whole menu tree of the user (not the top menu's part of it). */
  menu: ShellMenuNode[];
  menuLabel: (node: ShellMenuNode) => string;
  /** Translates a full message key. */
  message: (key: string) => string;
  /** The route table (`routeLabelTable`). */
  labels: Readonly<Record<string, string>>;
}

function findMenuNode(nodes: ShellMenuNode[], pathname: string, topLevel = true): ShellMenuNode | undefined {
  for (const n of nodes) {
    const href = isExternalPath(n.path) ? null : n.path;
    const indexHref = topLevel && !n.children?.length && href ? `${href.replace(/\/$/, '')}/index` : null;
    if (href === pathname || indexHref === pathname) return n;
    if (n.children?.length) {
      const hit = findMenuNode(n.children as ShellMenuNode[], pathname, false);
      if (hit) return hit;
    }
  }
  return undefined;
}

/** The label of a page for its tab and the document title: the menu entry's, else the route's message. */
export function routeLabel(path: string, query: URLSearchParams, sources: RouteLabelSources): string {
  if (path.startsWith('/myiframe/')) return query.get('name') || sources.message(IFRAME_LABEL);
  const node = findMenuNode(sources.menu, path);
  if (node) return sources.menuLabel(node);
  return sources.message(sources.labels[path] ?? UNKNOWN_LABEL);
}
